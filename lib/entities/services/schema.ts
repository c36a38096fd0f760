import { z } from 'zod';
import { requiredText } from '@/lib/entities/fields';

export const serviceSchema = z.object({
  titleEn: requiredText(200),
  titleAr: requiredText(200),
  descriptionEn: requiredText(5000, { multiline: true }),
  descriptionAr: requiredText(5000, { multiline: true }),
});
