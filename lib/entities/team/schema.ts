import { z } from 'zod';
import { optionalText, requiredText } from '@/lib/entities/fields';

export const teamSchema = z.object({
  nameEn: requiredText(120),
  nameAr: optionalText(120),
  detailsEn: requiredText(2000, { multiline: true }),
  detailsAr: optionalText(2000, { multiline: true }),
  jobTitleEn: requiredText(200),
  jobTitleAr: optionalText(200),
});
