import { formatWhen, type DateStyle } from '@/lib/i18n/dates';

// A date or time as a person reads it, in the screen's language (lib/i18n/dates.ts), machine
// readable in `dateTime`. No direction forced: an Arabic date reads right to left in its line.
export function DateText({
  date,
  locale,
  style = 'dateTime',
  className,
  testId,
}: {
  date: Date;
  locale: string;
  style?: DateStyle;
  className?: string;
  testId?: string;
}) {
  return (
    <time dateTime={date.toISOString()} className={className} data-testid={testId} data-style={style}>
      {formatWhen(date, locale, style)}
    </time>
  );
}
