import { z } from 'zod';

// Zod building blocks shared by every entity schema. Messages are codes, never sentences:
// the admin forms and the legacy API turn them into words from messages/*.json.
export const requiredText = (max = 500) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export const optionalText = (max = 5000) =>
  z
    .string()
    .trim()
    .max(max, { error: 'tooLong' })
    .optional()
    .transform((v) => v ?? '');

/** Social links: blank is fine; a bare domain gets https:// so it is a real, safe link. */
export const optionalUrl = () =>
  z
    .string()
    .trim()
    .max(500, { error: 'tooLong' })
    .optional()
    .transform((v) => v ?? '')
    .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
    .refine((v) => v === '' || isHttpUrl(v), { error: 'invalidUrl' });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

export const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, { error: 'tooLong' })
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'invalidEmail' });

export const optionalPhone = () =>
  z
    .string()
    .trim()
    .max(40, { error: 'tooLong' })
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || /^\+?[0-9][0-9 ()-]{2,}$/.test(v), { error: 'invalidPhone' });

/**
 * Money as a decimal string with up to 2 places, as stored (numeric(12,2)), above zero: the old
 * client reads a cost of 0 as missing and its edit form would refuse to save the event.
 */
export const money = () =>
  z
    .union([z.string(), z.number()], { error: 'required' })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', { error: 'required', abort: true })
    .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v), { error: 'invalidNumber', abort: true })
    .refine((v) => Number(v) > 0, { error: 'positiveNumber' });

/** A calendar date "YYYY-MM-DD", or blank for none. */
export const optionalDate = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), {
      error: 'invalidDate',
    });

export const requiredId = () =>
  z
    .union([z.string(), z.number()], { error: 'required' })
    .transform((v) => String(v).trim())
    .refine((v) => v !== '', { error: 'required', abort: true })
    .transform((v) => Number(v))
    .refine((v) => Number.isSafeInteger(v) && v > 0, { error: 'invalidId' });

// Only clear yes/no values (Laravel's `boolean` rule, which the old backend used): anything else
// is refused rather than read as "no", or a typo would silently demote an Admin.
const FLAG_VALUES = new Map<unknown, boolean>([
  [true, true], [1, true], ['1', true], ['true', true],
  [false, false], [0, false], ['0', false], ['false', false],
]);
export const flag = () =>
  z
    .union([z.boolean(), z.number(), z.string()], { error: 'required' })
    .refine((v) => FLAG_VALUES.has(v), { error: 'invalidFlag' })
    .transform((v) => FLAG_VALUES.get(v) === true);

export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
