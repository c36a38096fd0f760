import { formatList } from '@/lib/i18n/dates';
import { isEventType, SERVICES_SEPARATOR, type EventType } from './constants';

// How an inquiry's event type and services are worded wherever they are shown (inbox, lead, CSV).
// `words` is the `quote` namespace's translator. A value stored before the fixed list (a
// service's title) is shown as stored.

type Words = (key: `eventTypes.${EventType}`) => string;

export const eventTypeLabel = (value: string, words: Words) => (isEventType(value) ? words(`eventTypes.${value}`) : value);

/**
 * The services' titles in the screen's language where the service still exists, else as stored:
 * listed as the language lists (the Arabic comma in Arabic); with no locale (the CSV) joined by
 * SERVICES_SEPARATOR, which a spreadsheet splits on.
 */
export const servicesLabel = (stored: string[], labels: Map<string, string>, locale?: string) => {
  const titles = stored.map((title) => labels.get(title) ?? title);
  return locale ? formatList(titles, locale) : titles.join(SERVICES_SEPARATOR);
};
