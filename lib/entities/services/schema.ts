import { z } from 'zod';
import { requiredText } from '@/lib/entities/fields';

// In the form's order (lib/entities/define.ts: each field's form input and old name).
export const serviceSchema = z.object({
  titleEn: requiredText(200).meta({ form: { kind: 'text' }, old: 'titel' }),
  titleAr: requiredText(200).meta({ form: { kind: 'text', rtl: true }, old: 'titelar' }),
  descriptionEn: requiredText(5000, { multiline: true }).meta({ form: { kind: 'textarea' }, old: 'dec' }),
  descriptionAr: requiredText(5000, { multiline: true }).meta({ form: { kind: 'textarea', rtl: true }, old: 'decar' }),
});
