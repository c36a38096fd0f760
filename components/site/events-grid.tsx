import { getTranslations } from 'next-intl/server';
import type { ProjectCard as Card } from '@/lib/content/projects';
import { Link } from '@/lib/i18n/navigation';
import { pagePath } from '@/lib/pages';
import { HomeProjectSearch } from './home-project-search';
import { ProjectCard } from './project-card';

/**
 * Home's "Our projects": the featured and newest few (lib/content/projects.ts); while the
 * header's search holds a query, the matching projects of all of them instead (HomeProjectSearch).
 */
export async function EventsGrid({ events }: { events: Card[] }) {
  const t = await getTranslations();
  return (
    <>
      <HomeProjectSearch>
        {events.length ? (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="events-grid">
            {events.map((event) => (
              <ProjectCard key={event.id} project={event} />
            ))}
          </ul>
        ) : (
          <p className="text-zinc-700 dark:text-zinc-300">{t('home.noEvents')}</p>
        )}
      </HomeProjectSearch>
      {events.length > 0 && (
        <p className="mt-8 text-center">
          <Link href={pagePath('projects')} className="btn-primary" data-testid="all-projects">
            {t('projects.allProjects')}
          </Link>
        </p>
      )}
    </>
  );
}
