// First: the browser must build zod parsers without `new Function` (lib/admin/zod-jitless.ts).
import '@/lib/admin/zod-jitless';
import { z } from 'zod';
import { isCalendarDate, optionalEmail, optionalPhone, optionalText, requiredText, text } from '@/lib/entities/fields';
import { BUDGETS, CITIES, CONSENT_VALUE, EVENT_TYPES, MAX_GUESTS, MAX_SERVICES, QUOTE_FIELDS, type QuoteField } from './constants';
import { dubaiIsoDay } from '@/lib/i18n/dates';

// The quote request form's rules, shared by the server action (the one that decides) and the
// form in the browser (instant messages under each field). Isomorphic: no server imports.
// Messages are codes; the form turns them into words from `quote.errors` in messages/*.json.

export * from './constants';

/** Today's date where the company is (UAE, no daylight saving), "YYYY-MM-DD". */
export function dubaiToday(now: Date = new Date()): string {
  return dubaiIsoDay(now);
}

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  text()
    .trim()
    .refine((v) => v !== '', { error: 'required', abort: true })
    .refine((v): v is T[number] => (values as readonly string[]).includes(v), { error: 'invalidChoice' });

/**
 * `today` is the UAE date the check runs on (dubaiToday()); an event date before it is refused.
 * The services are checked against the current Services by the server (lib/inquiries/index.ts).
 */
export function quoteSchema(today: string) {
  return z
    .object({
      name: requiredText(120),
      phone: optionalPhone(),
      email: optionalEmail(),
      eventType: choice(EVENT_TYPES),
      // Services' English titles, each once.
      services: z
        .array(requiredText(200))
        .max(MAX_SERVICES, { error: 'invalidChoice' })
        .optional()
        .transform((v) => [...new Set(v ?? [])]),
      eventDate: text()
        .trim()
        .optional()
        .transform((v) => v ?? '')
        .refine((v) => v === '' || isCalendarDate(v), { error: 'invalidDate', abort: true })
        // ISO dates compare as strings; a date more than ten years ahead is a typo.
        .refine((v) => v === '' || v >= today, { error: 'datePast', abort: true })
        .refine((v) => v === '' || v.slice(0, 4) <= String(Number(today.slice(0, 4)) + 10), { error: 'dateTooFar' }),
      city: choice(CITIES),
      guests: text()
        .trim()
        .optional()
        .transform((v) => v ?? '')
        .refine((v) => v === '' || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_GUESTS), { error: 'guestsInvalid' })
        .transform((v) => (v === '' ? null : Number(v))),
      budget: text()
        .trim()
        .optional()
        .transform((v) => v ?? '')
        .refine((v) => v === '' || (BUDGETS as readonly string[]).includes(v), { error: 'invalidChoice' }),
      // Browsers send a textarea's line breaks as CRLF; stored as LF like the rest of the site's text.
      message: optionalText(5000, { multiline: true }).transform((v) => v.replace(/\r\n?/g, '\n')),
      // The consent line (issue 27): required, ticked by the visitor; the server records when.
      consent: z
        .unknown()
        .refine((v) => v === CONSENT_VALUE, { error: 'consentRequired' })
        .transform(() => true as const),
    })
    .superRefine((v, ctx) => {
      if (v.phone === '' && v.email === '') {
        ctx.addIssue({ code: 'custom', message: 'phoneOrEmail', path: ['phone'] });
        ctx.addIssue({ code: 'custom', message: 'phoneOrEmail', path: ['email'] });
      }
    });
}

export type QuoteInput = z.output<ReturnType<typeof quoteSchema>>;

/** Field → first error code, for the form. */
export function quoteErrors(error: z.ZodError): Partial<Record<QuoteField, string>> {
  const out: Partial<Record<QuoteField, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as QuoteField;
    if ((QUOTE_FIELDS as readonly string[]).includes(key) && !out[key]) out[key] = issue.message;
  }
  return out;
}

/**
 * Checks a request as the server and the form both do. Zod skips an object's own refinement while
 * a field fails, so "phone or email" is added here too: a visitor sees every message at once.
 */
export function validateQuote(
  raw: Record<string, unknown>,
  today: string,
): { ok: true; data: QuoteInput } | { ok: false; errors: Partial<Record<QuoteField, string>> } {
  const parsed = quoteSchema(today).safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = quoteErrors(parsed.error);
  const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
  if (blank(raw.phone) && blank(raw.email)) {
    errors.phone ??= 'phoneOrEmail';
    errors.email ??= 'phoneOrEmail';
  }
  return { ok: false, errors };
}

export type QuoteValues = Record<Exclude<QuoteField, 'services'>, string | undefined> & { services: string[] };

/** Reads the form's fields from a FormData (anything but a string counts as missing; the services ticked, all of them). */
export function quoteValues(form: FormData): QuoteValues {
  const out = {} as Record<QuoteField, string | undefined>;
  for (const field of QUOTE_FIELDS) {
    const value = form.get(field);
    out[field] = typeof value === 'string' ? value : undefined;
  }
  const services = form.getAll('services').filter((v): v is string => typeof v === 'string' && v !== '');
  return { ...out, services };
}
