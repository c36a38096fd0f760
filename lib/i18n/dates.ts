// The product's one way of writing a date or a time (site, back office, mail, CSV), issue 35.
// People read a named style in their language: the CLDR format of 'ar' or 'en-GB', UAE time. The
// Arabic format carries its own right-to-left marks, so it is never put in a left-to-right run
// (no dir="ltr", no U+2066 around it): inside an Arabic line it reads in logical order as it is.
// Machines (the CSV, the logged values) get ISO 8601 instead.

/** Where the company is: every UAE day and time of the product (no daylight saving). */
export const UAE_TIME_ZONE = 'Asia/Dubai';

/**
 * The named styles. `day` and `longDay` are for date columns (an event day, stored as UTC
 * midnight): written in UTC, or a UAE reader would see the day before at 20:00.
 */
export const DATE_STYLES = {
  date: { timeZone: UAE_TIME_ZONE, dateStyle: 'medium' },
  dateTime: { timeZone: UAE_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' },
  time: { timeZone: UAE_TIME_ZONE, timeStyle: 'short' },
  day: { timeZone: 'UTC', dateStyle: 'medium' },
  longDay: { timeZone: 'UTC', dateStyle: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

/** The CLDR locale a screen's language writes dates in. */
export const dateLocale = (locale: string) => (locale === 'ar' ? 'ar' : 'en-GB');

const formats = new Map<string, Intl.DateTimeFormat>();

/** `date` in the reader's language, in one of the named styles. */
export function formatWhen(date: Date, locale: string, style: DateStyle = 'dateTime'): string {
  const key = `${dateLocale(locale)} ${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(dateLocale(locale), DATE_STYLES[style]);
    formats.set(key, format);
  }
  return format.format(date);
}

/** The UAE calendar day of an instant, "YYYY-MM-DD" (a day to compute with, not to read). */
export const dubaiIsoDay = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: UAE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/** A date column (the event date, stored as UTC midnight) as "YYYY-MM-DD". */
export const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');

/** An instant as ISO 8601 in UAE time with its offset, "2026-12-01T10:49:00+04:00" (the CSV's times). */
export function isoDubaiTime(date: Date): string {
  // The UAE is UTC+4 all year: shift, then write the offset.
  const shifted = new Date(date.getTime() + 4 * 60 * 60 * 1000).toISOString();
  return `${shifted.slice(0, 19)}+04:00`;
}

/** Words joined as the language lists them: "a, b, c"; «أ، وب، وج» (Arabic comma, never a Latin one). */
export const formatList = (items: string[], locale: string) =>
  new Intl.ListFormat(locale === 'ar' ? 'ar' : 'en', { type: 'unit', style: 'long' }).format(items);
