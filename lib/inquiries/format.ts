// How the back office and the CSV write an inquiry's times: UAE time, in the screen's language
// (Western digits in both, as phone numbers and amounts are written in the UAE).

export function formatDubaiTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', {
    timeZone: 'Asia/Dubai',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A date column (the event date, stored as UTC midnight) as "YYYY-MM-DD". */
export const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');
