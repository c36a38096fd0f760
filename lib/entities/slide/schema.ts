import { z } from 'zod';

export const slideSchema = z.object({
  sortOrder: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? 0 : Number(v)))
    .refine((v) => Number.isSafeInteger(v) && v >= 0 && v < 100000, { error: 'invalidNumber' }),
});
export type SlideInput = z.infer<typeof slideSchema>;
