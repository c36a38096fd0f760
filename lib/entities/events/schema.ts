import { z } from 'zod';
import { money, optionalDate, optionalText, requiredId, requiredText } from '@/lib/entities/fields';

export const eventSchema = z.object({
  nameEn: requiredText(200),
  nameAr: optionalText(200),
  date: optionalDate(),
  locationEn: requiredText(200),
  locationAr: requiredText(200),
  descriptionEn: optionalText(5000, { multiline: true }),
  descriptionAr: optionalText(5000, { multiline: true }),
  cost: money(),
  clientId: requiredId(),
});
