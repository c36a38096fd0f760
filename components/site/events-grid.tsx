import { getTranslations } from 'next-intl/server';
import type { ProjectCard as Card } from '@/lib/content/projects';
import { Link } from '@/lib/i18n/navigation';
import { pagePath } from '@/lib/pages';
import { searchAttr } from '@/lib/search';
import { ProjectCard } from './project-card';
import { SearchFilter } from './search-filter';

/**
 * Home's "Our projects": the featured and newest few (lib/content/projects.ts), filtered live by
 * the header's search; the search over every project is /Projects?q= (its link below the grid).
 */
export async function EventsGrid({ events }: { events: Card[] }) {
  const t = await getTranslations();
  if (!events.length) return <p className="text-zinc-700 dark:text-zinc-300">{t('home.noEvents')}</p>;
  return (
    <>
      <SearchFilter noResults={t('common.noResults')} searchAllHref={pagePath('projects')} searchAllLabel={t('projects.searchAll')}>
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="events-grid">
          {events.map((event) => (
            <ProjectCard key={event.id} project={event} searchText={searchAttr(...event.searchText)} />
          ))}
        </ul>
      </SearchFilter>
      <p className="mt-8 text-center">
        <Link href={pagePath('projects')} className="btn-primary" data-testid="all-projects">
          {t('projects.allProjects')}
        </Link>
      </p>
    </>
  );
}
