import { dubaiIsoDay } from '@/lib/i18n/dates';

// An inquiry's reference, phone and names as text. Dates and times: lib/i18n/dates.ts.

export { isoDay, UAE_TIME_ZONE } from '@/lib/i18n/dates';

/**
 * The reference a visitor is given (mail and thank-you): "Q-" + the year it was received (UAE) +
 * the inquiry's number, six digits or more: Q-2026-000123. Derived, never stored: the id is
 * already unique and permanent, and staff can read it back out of the reference (the inbox's
 * search takes it). The year only helps people read it; the number alone identifies the lead.
 */
export function inquiryReference(id: number, createdAt: Date): string {
  const year = dubaiIsoDay(createdAt).slice(0, 4);
  return `Q-${year}-${String(id).padStart(6, '0')}`;
}

/** The inquiry id in a reference as people type it ("Q-2026-000123", "q 2026 123"), else null. */
export function referenceId(value: string): number | null {
  const match = /^\s*Q[\s-]*\d{4}[\s-]*(\d{1,9})\s*$/i.exec(value);
  const id = match ? Number(match[1]) : 0;
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * A phone number in plain text (mails), between Unicode's left-to-right isolate and its end
 * (U+2066 … U+2069): in an Arabic line "+971 50 123 4567" otherwise reads "4567 123 50 971+".
 * HTML uses <LtrToken> (components/ltr-token.tsx) instead. For Latin-digit tokens only: never a date.
 */
export const ltrIsolate = (value: string) => (value ? `\u2066${value}\u2069` : value);

/** A `tel:` link for a number as typed: digits and a leading + only. */
export const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** A name inside a line of the other language, isolated in its own direction (U+2068 … U+2069). */
export const autoIsolate = (value: string) => (value ? `\u2068${value}\u2069` : value);
