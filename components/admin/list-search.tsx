import { getTranslations } from 'next-intl/server';
import { SEARCH_MAX } from '@/lib/search';
import { AdminLink } from '@/components/admin/admin-link';
import { SearchIcon } from '@/components/ui/icons';

/**
 * A list's search: a plain GET form (`?q=`), filtered on the server, so it works without scripts
 * and a searched list can be bookmarked. One line on a phone.
 */
export async function ListSearch({ q, total, listHref }: { q: string; total: number; listHref: string }) {
  const t = await getTranslations('admin.listSearch');
  return (
    <form method="get" role="search" className="mb-4 grid gap-2" data-testid="list-search">
      <div className="flex gap-2">
        <label className="sr-only" htmlFor="list-search-q">
          {t('label')}
        </label>
        <input
          id="list-search-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX}
          placeholder={t('label')}
          className="field-input min-w-0 flex-1"
          data-testid="admin-search"
        />
        <button type="submit" className="btn-secondary shrink-0" aria-label={t('button')}>
          <SearchIcon />
          <span className="max-sm:sr-only">{t('button')}</span>
        </button>
      </div>
      {q && (
        <p className="flex flex-wrap items-center gap-3 text-sm" role="status">
          <span data-testid="search-count">{t('count', { count: total })}</span>
          <AdminLink href={listHref} className="font-semibold underline">
            {t('clear')}
          </AdminLink>
        </p>
      )}
    </form>
  );
}
