import { z } from 'zod';
import { bilingual } from '@/lib/entities/bilingual';
import { optionalText, requiredText } from '@/lib/entities/fields';

// In the form's order (lib/entities/define.ts: each field's form input and old name).
export const teamSchema = z.object({
  ...bilingual('name', { en: requiredText(120), ar: optionalText(120), form: { kind: 'text' }, old: { en: 'name', ar: 'namear' } }),
  ...bilingual('jobTitle', { en: requiredText(200), ar: optionalText(200), form: { kind: 'text' }, old: { en: 'dec', ar: 'decar' } }),
  ...bilingual('details', {
    en: requiredText(2000, { multiline: true }),
    ar: optionalText(2000, { multiline: true }),
    form: { kind: 'textarea' },
    old: { en: 'details', ar: 'detailsar' },
  }),
});
