import { getTranslations } from 'next-intl/server';
import type { AdminListFilter } from '@/lib/admin/server';
import { AdminLink } from '@/components/admin/admin-link';
import { FoldedFilters } from './folded-filters';

type Choice = { value: string; label: string };

/**
 * The project list's search and filters: a plain GET form (works without scripts, the URL is
 * the list's state, so a filtered list can be bookmarked or sent to a colleague).
 */
export async function ProjectListTools({
  filter,
  clients,
  services,
  years,
  total,
}: {
  filter: AdminListFilter;
  clients: Choice[];
  services: Choice[];
  years: number[];
  total: number;
}) {
  const t = await getTranslations('admin.projectList');
  const select = (name: string, label: string, choices: Choice[], value: string) => (
    <label className="grid gap-1 text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value} className="field-input">
        <option value="">{t('any')}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form
      method="get"
      role="search"
      className="mb-6 grid gap-3 rounded-2xl p-4 ring-1 ring-zinc-300 sm:grid-cols-2 lg:grid-cols-6 dark:ring-zinc-700"
      data-testid="project-list-tools"
    >
      <label className="grid gap-1 text-sm font-semibold sm:col-span-2">
        {t('search')}
        <input type="search" name="q" defaultValue={filter.q} className="field-input" data-testid="admin-search" />
      </label>
      {/* On a phone the four filters fold behind one button (open while one is set), so the list starts on the first screen. */}
      <FoldedFilters
        label={t('filters')}
        open={Boolean(filter.year || filter.client || filter.service || filter.state)}
        className="sm:col-span-2 lg:col-span-4"
        testId="project-filters"
      >
        <div className="mt-3 grid gap-3 sm:mt-0 sm:grid-cols-2 lg:grid-cols-4">
          {select(
            'year',
            t('year'),
            years.map((y) => ({ value: String(y), label: String(y) })),
            filter.year ? String(filter.year) : '',
          )}
          {select('client', t('client'), clients, filter.client ? String(filter.client) : '')}
          {select('service', t('service'), services, filter.service ? String(filter.service) : '')}
          {select(
            'state',
            t('state'),
            [
              { value: 'published', label: t('published') },
              { value: 'draft', label: t('drafts') },
            ],
            filter.state ?? '',
          )}
        </div>
      </FoldedFilters>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-6">
        <button type="submit" className="btn-primary" data-testid="admin-filter">
          {t('apply')}
        </button>
        <AdminLink href="/Admin/Events" className="font-semibold underline">
          {t('clear')}
        </AdminLink>
        <p role="status" className="ms-auto text-sm font-semibold" data-testid="admin-count">
          {t('count', { count: total })}
        </p>
      </div>
    </form>
  );
}

/** Previous / next pages of the list, keeping its filters. */
export async function ProjectListPages({ filter, pages }: { filter: AdminListFilter; pages: number }) {
  if (pages <= 1) return null;
  const t = await getTranslations('admin.projectList');
  const href = (page: number) => {
    const query = new URLSearchParams();
    if (filter.q) query.set('q', filter.q);
    if (filter.year) query.set('year', String(filter.year));
    if (filter.client) query.set('client', String(filter.client));
    if (filter.service) query.set('service', String(filter.service));
    if (filter.state) query.set('state', filter.state);
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    return text ? `/Admin/Events?${text}` : '/Admin/Events';
  };
  return (
    <nav aria-label={t('pages')} className="mt-8 flex items-center justify-center gap-4" data-testid="admin-pages">
      {filter.page > 1 && (
        <AdminLink href={href(filter.page - 1)} className="btn-secondary" rel="prev">
          {t('previous')}
        </AdminLink>
      )}
      <span className="font-semibold">{t('pageOf', { page: filter.page, pages })}</span>
      {filter.page < pages && (
        <AdminLink href={href(filter.page + 1)} className="btn-secondary" rel="next" data-testid="admin-next">
          {t('next')}
        </AdminLink>
      )}
    </nav>
  );
}
