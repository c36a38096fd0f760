import { getTranslations } from 'next-intl/server';
import type { FilterChoice, ProjectFacets, ProjectFilter } from '@/lib/content/projects';
import { Link } from '@/lib/i18n/navigation';
import { projectsHref } from './pagination';

type Key = 'service' | 'year' | 'city' | 'client';

/**
 * The filters as links (shareable URLs, no scripts needed): each group in a <details> that is
 * open while it filters, each choice toggling its value and going back to page 1.
 */
export async function ProjectFilters({ filter, facets }: { filter: ProjectFilter; facets: ProjectFacets }) {
  const t = await getTranslations('projects');
  const groups: { key: Key; label: string; choices: FilterChoice[] }[] = [
    { key: 'service', label: t('filterService'), choices: facets.services },
    { key: 'year', label: t('filterYear'), choices: facets.years },
    { key: 'city', label: t('filterCity'), choices: facets.cities },
    { key: 'client', label: t('filterClient'), choices: facets.clients },
  ];
  const current = (key: Key) => (filter[key] === null ? null : String(filter[key]));
  const withValue = (key: Key, value: string | null) =>
    projectsHref({ ...filter, page: 1, [key]: value === null ? null : key === 'city' ? value : Number(value) });
  return (
    <nav aria-label={t('filters')} className="mb-8 flex flex-wrap items-start justify-center gap-3" data-testid="project-filters">
      {groups
        .filter((group) => group.choices.length > 0)
        .map((group) => {
          const selected = group.choices.find((choice) => choice.value.toLowerCase() === current(group.key)?.toLowerCase());
          return (
            <details key={group.key} open={Boolean(selected)} className="rounded-2xl ring-1 ring-zinc-300 dark:ring-zinc-700">
              <summary className="cursor-pointer px-4 py-2 font-semibold">
                {group.label}
                {selected && <span className="ms-1 text-brand-strong dark:text-brand">: {selected.label}</span>}
              </summary>
              <ul className="flex max-w-xl flex-wrap gap-2 px-4 pb-3">
                {selected && (
                  <li>
                    <Link href={withValue(group.key, null)} className="inline-block rounded-full px-3 py-1 text-sm underline">
                      {t('filterAny')}
                    </Link>
                  </li>
                )}
                {group.choices.map((choice) => {
                  const active = choice === selected;
                  return (
                    <li key={choice.value}>
                      <Link
                        href={withValue(group.key, active ? null : choice.value)}
                        aria-current={active ? 'true' : undefined}
                        className={`inline-block rounded-full px-3 py-1 text-sm ring-1 ${active ? 'bg-brand text-zinc-950 ring-brand' : 'ring-zinc-300 hover:bg-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800'}`}
                        data-testid={`filter-${group.key}`}
                      >
                        {choice.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </details>
          );
        })}
    </nav>
  );
}
