import { z } from 'zod';
import { bilingual } from '@/lib/entities/bilingual';
import { requiredText } from '@/lib/entities/fields';

// In the form's order (lib/entities/define.ts: each field's form input and old name).
export const serviceSchema = z.object({
  ...bilingual('title', { en: requiredText(200), ar: requiredText(200), form: { kind: 'text' }, old: { en: 'titel', ar: 'titelar' } }),
  ...bilingual('description', {
    en: requiredText(5000, { multiline: true }),
    ar: requiredText(5000, { multiline: true }),
    form: { kind: 'textarea' },
    old: { en: 'dec', ar: 'decar' },
  }),
});
