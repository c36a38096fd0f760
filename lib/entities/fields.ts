import { z } from 'zod';
import { parseId } from '@/lib/entities/ids';
import { isSlug, slugify, SLUG_MAX } from '@/lib/slug';

// Zod building blocks shared by every entity schema. Messages are codes, never sentences:
// the admin forms and the legacy API turn them into words from messages/*.json.

// One rule for every text field: control characters (and invisible format characters, below) are refused, not stripped (a NUL is an error
// in PostgreSQL text, and the others are invisible in a page and never typed by a person, so
// silently dropping them would store something other than what was sent). Multi-line fields
// keep tab, line feed and carriage return. Lone UTF-16 surrogates are refused too: they cannot
// be stored as UTF-8 and would come back as U+FFFD.
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Invisible characters, refused for the same reason: nobody types them on purpose, they hide
// text from search and from the eye (a name that looks like another, a tag-character payload), and
// the direction controls among them reorder what staff read ("Invoice U+202E fdp.exe" shows as
// "Invoice exe.pdf" in the inbox and in a mail subject). Refused: every Default_Ignorable_Code_Point
// and every format character (general category Cf): the bidi controls and marks (LRM, RLM, ALM
// U+061C), zero width space, word joiner, the BOM, the soft hyphen, the Hangul fillers, variation
// selectors, the tag characters U+E0000-E007F, and the Arabic prepended marks U+0600-0605 and
// U+06DD (no Arabic keyboard types them); plus three that look blank without being either: the
// line and paragraph separators U+2028/2029 and the braille blank U+2800.
// Kept, only where they join something: ZWNJ U+200C and ZWJ U+200D between two letters (with
// their marks: Persian and Urdu words, Arabic shaping), ZWJ between two pictographs and the emoji
// variation selectors after one (emoji sequences), and the three flag tag sequences Unicode
// recommends (England, Scotland, Wales). docs/security.md, "The text rule".
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2028\u2029\u2800]/u;
const JOINS = new RegExp(
  [
    String.raw`(?<=\p{L}\p{M}*)[\u200C\u200D](?=\p{L})`,
    String.raw`(?<=\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?)\u200D(?=\p{Extended_Pictographic})`,
    String.raw`(?<=\p{Extended_Pictographic}\p{Emoji_Modifier}?)[\uFE0E\uFE0F]`,
    String.raw`(?<=\u{1F3F4})(?:\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F})`,
  ].join('|'),
  'gu',
);

export interface TextOptions {
  /** Tab and line breaks allowed (descriptions, details). */
  multiline?: boolean;
}

export function isCleanText(value: string, options: TextOptions = {}): boolean {
  const control = options.multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE;
  return !control.test(value) && !LONE_SURROGATE.test(value) && !INVISIBLE.test(value.replace(JOINS, ''));
}

/** A string that passed the text rule; every text field of every schema starts here. */
export const text = (options: TextOptions = {}) =>
  z.string({ error: 'required' }).refine((v) => isCleanText(v, options), { error: 'invalidCharacters', abort: true });
export const requiredText = (max = 500, options: TextOptions = {}) =>
  text(options).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export const optionalText = (max = 5000, options: TextOptions = {}) =>
  text(options)
    .trim()
    .max(max, { error: 'tooLong' })
    .optional()
    .transform((v) => v ?? '');

/** Social links: blank is fine; a bare domain gets https:// so it is a real, safe link. */
export const optionalUrl = () =>
  text()
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
  text()
    .trim()
    .max(254, { error: 'tooLong' })
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'invalidEmail' });

export const optionalPhone = () =>
  text()
    .trim()
    .max(40, { error: 'tooLong' })
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || /^\+?[0-9][0-9 ()-]{2,}$/.test(v), { error: 'invalidPhone' });

/**
 * A WhatsApp number in international form (E.164: + or 00, a country code, 8 to 15 digits in all),
 * as "+971501234567" whatever the spacing, brackets, dots or dashes typed; null for anything else.
 * wa.me needs the country code, and a number without + or 00 may be a local one ("501234567" is
 * not Belize), so it is refused rather than guessed. The one rule for the offices' numbers and the
 * site's own (/Admin/Settings).
 */
export function normaliseWhatsapp(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, '').replace(/^00/, '+');
  const match = /^\+([1-9]\d{7,14})$/.exec(compact);
  return match ? `+${match[1]}` : null;
}

/** An office's WhatsApp number (normaliseWhatsapp's rule), kept as typed: the card shows it so. */
export const optionalWhatsapp = () =>
  text()
    .trim()
    .max(40, { error: 'tooLong' })
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || normaliseWhatsapp(v) !== null, { error: 'invalidPhone' });

/** "lat,lng" in decimal degrees (what a map's "copy coordinates" gives), or null for anything else. */
export function parseLatLng(value: string): { latitude: number; longitude: number } | null {
  const match = /^\s*([-+]?\d{1,3}(?:\.\d+)?)\s*,\s*([-+]?\d{1,3}(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return null;
  const [latitude, longitude] = [Number(match[1]), Number(match[2])];
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : null;
}

/**
 * A place for a map: free text (a place name or address the map site searches) or "lat,lng".
 * Text shaped like two numbers must be real coordinates: "250,55" is a typo, not a place.
 */
export const optionalMapLocation = () =>
  optionalText(200).refine((v) => v === '' || !/^[\s\d.,+-]+$/.test(v) || parseLatLng(v) !== null, {
    error: 'invalidCoordinates',
  });

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

// The sane range for an event date: PostgreSQL would take year 0 as an error and year 9999 as a
// date nobody meant.
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

/** True for a real calendar day "YYYY-MM-DD" (no 2024-02-30 rolled over to March). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // (Date.UTC would read years 0-99 as 1900-1999)
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar date "YYYY-MM-DD" between MIN_YEAR and MAX_YEAR, or blank for none. The output is
 * what the date column stores (a UTC midnight, or null), so a schema's output is a row's data as is.
 */
export const optionalDate = () =>
  text()
    .trim()
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || isCalendarDate(v), { error: 'invalidDate', abort: true })
    .refine((v) => v === '' || (Number(v.slice(0, 4)) >= MIN_YEAR && Number(v.slice(0, 4)) <= MAX_YEAR), {
      error: 'dateOutOfRange',
    })
    .transform((v) => (v ? new Date(`${v}T00:00:00Z`) : null));

/** A reference to another row (int4 key), parsed by the one id parser. */
export const requiredId = () =>
  z
    .union([z.string(), z.number()], { error: 'required' })
    .transform((v) => (typeof v === 'string' ? v.trim() : v))
    .refine((v) => v !== '', { error: 'required', abort: true })
    .transform((v) => parseId(v) ?? 0)
    .refine((v) => v > 0, { error: 'invalidId' });

// Only clear yes/no values (Laravel's `boolean` rule, which the old backend used): anything else
// is refused rather than read as "no", or a typo would silently demote an Admin.
const FLAG_VALUES = new Map<unknown, boolean>([
  [true, true],
  [1, true],
  ['1', true],
  ['true', true],
  [false, false],
  [0, false],
  ['0', false],
  ['false', false],
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

/** A yes/no field that may be left out (an unticked box sends nothing): `fallback` then. */
export const optionalFlag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.number(), z.string()])
    .optional()
    .refine((v) => v === undefined || FLAG_VALUES.has(v), { error: 'invalidFlag' })
    .transform((v) => (v === undefined ? fallback : FLAG_VALUES.get(v) === true));

/** A whole number from 0 to `max`, blank for 0 (an order). */
export const optionalOrder = (max = 9999) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? '' : String(v).trim()))
    .refine((v) => v === '' || (/^\d{1,6}$/.test(v) && Number(v) <= max), { error: 'invalidOrder' })
    .transform((v) => (v === '' ? 0 : Number(v)));

/**
 * Several lines of one kind (one per line, or as a list): blank lines dropped, at most `max`,
 * each checked by `valid` (the issue named `error`) and stored as `normalise` gives it.
 */
export const lineList = (options: { max: number; error: string; valid: (line: string) => boolean; normalise?: (line: string) => string }) =>
  z
    .union([text({ multiline: true }), z.array(text())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : v.split(/\r?\n/)).map((line) => line.trim()).filter(Boolean))
    .refine((lines) => lines.length <= options.max, { error: 'tooMany', abort: true })
    .refine((lines) => lines.every((line) => line.length <= 500 && options.valid(line)), { error: options.error })
    .transform((lines) => lines.map(options.normalise ?? ((line) => line)));

/** Ids of other rows (a multi-select), each by the one id parser; duplicates dropped. */
export const idList = (max = 100) =>
  z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .optional()
    .transform((v) =>
      v === undefined || v === ''
        ? []
        : Array.isArray(v)
          ? v
          : String(v)
              .split(/[\s,]+/)
              .filter(Boolean),
    )
    .refine((ids) => ids.length <= max, { error: 'tooMany', abort: true })
    .transform((ids) => ids.map((id) => parseId(typeof id === 'string' ? id.trim() : id)))
    .refine((ids) => ids.every((id) => id !== null), { error: 'invalidId' })
    .transform((ids) => [...new Set(ids as number[])]);

/** Typed as a slug or as words ("Expo Gala" -> "expo-gala"); blank: made from the English name (lib/entities/slugs.ts). */
export const slugText = () =>
  text()
    .trim()
    .max(SLUG_MAX * 2, { error: 'tooLong' })
    .optional()
    .transform((v) => (v ? slugify(v) : ''))
    .refine((v) => v === '' || isSlug(v), { error: 'invalidSlug' });

// Words staff type that reach a page, its JSON-LD or a mail (issue 37). Refused, not stripped:
// markup is never what a person means in a question or a description, and a refusal says so
// where stripping would store something other than what was sent. A Markdown field is still
// rendered with raw HTML off and sanitised (lib/content/rich-text.ts): this rule is the first of
// two. Refused: anything that opens a tag or comment (`<b`, `</`, `<!`, `<?`), a link to a
// script, data or file scheme, and numeric character references (`&#106;avascript:` would
// otherwise slip a scheme past the eye).
const MARKUP = /<[a-z!/?]/i;
const UNSAFE_SCHEME = /\b(?:javascript|vbscript|data|file)\s*:|&#/i;
export const isPlainWords = (value: string) => !MARKUP.test(value) && !UNSAFE_SCHEME.test(value);

/** Optional words with no markup (see isPlainWords): questions, testimonials, search texts, Markdown. */
export const optionalWords = (max: number, options: TextOptions = {}) =>
  optionalText(max, options)
    .refine((v) => !MARKUP.test(v), { error: 'markupNotAllowed', abort: true })
    .refine((v) => !UNSAFE_SCHEME.test(v), { error: 'unsafeLink' });

/** Required words with no markup, by the same rule (a testimonial's quote, a certificate's name). */
export const requiredWords = (max: number, options: TextOptions = {}) =>
  requiredText(max, options)
    .refine((v) => !MARKUP.test(v), { error: 'markupNotAllowed', abort: true })
    .refine((v) => !UNSAFE_SCHEME.test(v), { error: 'unsafeLink' });
