import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ProjectCard } from '@/components/site/project-card';
import { ProjectFilters } from '@/components/site/project-filters';
import { Pagination, projectsHref } from '@/components/site/pagination';
import { getProjectFacets, getProjectPage, parseProjectFilter } from '@/lib/content/projects';
import { Link } from '@/lib/i18n/navigation';
import { localizedUrl, pageMetadata } from '@/lib/seo';
import { pagePath } from '@/lib/pages';

// Its filters and pages are the query string: rendered per request (its reads are cached, lib/content/projects.ts).
export const dynamic = 'force-dynamic';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const filter = parseProjectFilter(await searchParams);
  const base = await pageMetadata(locale, 'projects');
  const t = await getTranslations({ locale, namespace: 'projects' });
  // Each page of the list is its own canonical URL (the filters and page it shows); a search
  // result is not a page for search engines.
  const canonical = localizedUrl(locale, projectsHref({ ...filter, q: '' }));
  return {
    ...base,
    title: filter.page > 1 ? `${String(base.title)} — ${t('pageOf', { page: filter.page })}` : base.title,
    alternates: { ...base.alternates, canonical },
    robots: filter.q ? { index: false, follow: true } : undefined,
  };
}

export default async function ProjectsPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const filter = parseProjectFilter(await searchParams);
  const [t, list, facets] = await Promise.all([getTranslations('projects'), getProjectPage(locale, filter), getProjectFacets(locale)]);
  const filtered = Boolean(filter.service || filter.year || filter.city || filter.client || filter.q);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="mb-2 text-center text-4xl font-extrabold">{t('title')}</h1>
      <p role="status" className="mb-8 text-center text-zinc-700 dark:text-zinc-300" data-testid="projects-count">
        {filter.q ? t('resultsFor', { count: list.total, query: filter.q }) : t('count', { count: list.total })}
      </p>
      <ProjectFilters filter={filter} facets={facets} />
      {list.cards.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-zinc-400 p-10 text-center" data-testid="projects-empty">
          <p className="text-lg font-semibold">{filtered ? t('noMatches') : t('empty')}</p>
          {filtered && (
            <Link href={pagePath('projects')} className="mt-3 inline-block font-semibold underline">
              {t('clearFilters')}
            </Link>
          )}
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="projects-grid" data-search-results>
          {list.cards.map((project, i) => (
            <ProjectCard key={project.id} project={project} priority={i === 0} level={2} />
          ))}
        </ul>
      )}
      <Pagination filter={filter} page={list.page} pages={list.pages} />
    </div>
  );
}
