import { z } from 'zod';
import { requiredText } from '@/lib/entities/fields';

export const serviceSchema = z.object({
  titleEn: requiredText(200),
  titleAr: requiredText(200),
  descriptionEn: requiredText(5000),
  descriptionAr: requiredText(5000),
});
export type ServiceInput = z.infer<typeof serviceSchema>;
