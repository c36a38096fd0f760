import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import type { EventView } from '@/lib/content/public';
import { searchAttr } from '@/lib/search';
import { ClientLogo } from './client-logo';
import { SearchFilter } from './search-filter';

/** "Our projects": 1 column on small screens, 2 from medium; filtered live by location. */
export async function EventsGrid({ events }: { events: EventView[] }) {
  const t = await getTranslations();
  if (!events.length) return <p className="text-zinc-700 dark:text-zinc-300">{t('home.noEvents')}</p>;
  return (
    <SearchFilter noResults={t('common.noResults')}>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="events-grid">
        {events.map((event) => (
          <li
            key={event.id}
            data-search={searchAttr(...event.searchText)}
            className="overflow-hidden rounded-2xl bg-zinc-100 shadow-sm ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
            data-testid="event-card"
          >
            <div className="relative aspect-[3/2]">
              {event.image && <StaticImage src={event.image} alt="" fill sizes="(min-width: 768px) 50vw, 100vw" className="object-cover" />}
              {event.client.logo && (
                <div className="absolute start-3 top-3 rounded-lg bg-white/95 p-2 shadow">
                  <ClientLogo
                    src={event.client.logo}
                    alt={t('home.clientLogo', { name: event.client.name })}
                    className="h-10 w-auto object-contain"
                  />
                </div>
              )}
            </div>
            <div className="p-4">
              <h3 className="text-lg font-bold">{event.name}</h3>
              <p className="mt-1 flex items-center gap-1 text-sm text-zinc-700 dark:text-zinc-300">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 fill-none stroke-current" strokeWidth="2">
                  <path d="M12 21s-7-6.1-7-11a7 7 0 1 1 14 0c0 4.9-7 11-7 11z" />
                  <circle cx="12" cy="10" r="2.5" />
                </svg>
                <span data-testid="event-location">{event.location}</span>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </SearchFilter>
  );
}
