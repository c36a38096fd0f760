import { z } from 'zod';
import { optionalText, requiredText } from '@/lib/entities/fields';

// In the form's order (lib/entities/define.ts: each field's form input and old name).
export const clientSchema = z.object({
  nameEn: requiredText(120).meta({ form: { kind: 'text' }, old: 'name' }),
  nameAr: requiredText(120).meta({ form: { kind: 'text', rtl: true }, old: 'namear' }),
  detailsEn: optionalText(2000, { multiline: true }).meta({ form: { kind: 'textarea' }, old: 'details' }),
  detailsAr: optionalText(2000, { multiline: true }).meta({ form: { kind: 'textarea', rtl: true }, old: 'detailsar' }),
});
