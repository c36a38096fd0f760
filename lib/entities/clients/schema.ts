import { z } from 'zod';
import { optionalText, requiredText } from '@/lib/entities/fields';

export const clientSchema = z.object({
  nameEn: requiredText(120),
  nameAr: requiredText(120),
  detailsEn: optionalText(2000, { multiline: true }),
  detailsAr: optionalText(2000, { multiline: true }),
});
