import { z } from 'zod';
import { bilingual } from '@/lib/entities/bilingual';
import { optionalText, requiredText } from '@/lib/entities/fields';

// In the form's order (lib/entities/define.ts: each field's form input and old name).
export const clientSchema = z.object({
  ...bilingual('name', { en: requiredText(120), ar: requiredText(120), form: { kind: 'text' }, old: { en: 'name', ar: 'namear' } }),
  ...bilingual('details', {
    en: optionalText(2000, { multiline: true }),
    ar: optionalText(2000, { multiline: true }),
    form: { kind: 'textarea' },
    old: { en: 'details', ar: 'detailsar' },
  }),
});
