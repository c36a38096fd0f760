import { z } from 'zod';

// Display order, an int4 column: whole numbers 0…99999 written as digits (no "1e3", "0x10").
export const slideSchema = z.object({
  sortOrder: z
    .union([z.string(), z.number()], { error: 'invalidNumber' })
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : v))
    .refine((v) => v === undefined || v === '' || typeof v === 'number' || /^[0-9]{1,5}$/.test(v), {
      error: 'invalidNumber',
      abort: true,
    })
    .transform((v) => (v === undefined || v === '' ? 0 : Number(v)))
    .refine((v) => Number.isSafeInteger(v) && v >= 0 && v < 100000, { error: 'invalidNumber' })
    .meta({ form: { kind: 'number' }, old: 'sort_order' }),
});
