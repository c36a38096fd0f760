import { getLocale, getTranslations } from 'next-intl/server';
import { NO_FILTER, type ProjectFilter } from '@/lib/content/projects';
import { Link } from '@/lib/i18n/navigation';
import { localePath, pagePath } from '@/lib/pages';

/** The /Projects URL (English path; links add the language) of a filter and page: the one spelling of its query. */
export function projectsHref(filter: Partial<ProjectFilter>): string {
  const { service, year, city, client, q, page } = { ...NO_FILTER, ...filter };
  const query = new URLSearchParams();
  if (service) query.set('service', String(service));
  if (year) query.set('year', String(year));
  if (city) query.set('city', city);
  if (client) query.set('client', String(client));
  if (q) query.set('q', q);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${pagePath('projects')}?${text}` : pagePath('projects');
}

/** The page numbers shown: the first, the last, and two either side of the current one. */
function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? ['gap' as const, n] : [n]));
}

/**
 * Numbered pages as plain links (no scripts needed), with rel="prev"/"next" both on the links
 * and in the head (React hoists a rendered <link> there).
 */
export async function Pagination({ filter, page, pages }: { filter: ProjectFilter; page: number; pages: number }) {
  if (pages <= 1) return null;
  const t = await getTranslations('projects');
  const href = (n: number) => projectsHref({ ...filter, page: n });
  const locale = await getLocale();
  const full = (n: number) => localePath(locale, href(n));
  return (
    <nav aria-label={t('pagination')} className="mt-10" data-testid="pagination" data-floating-clear>
      {page > 1 && <link rel="prev" href={full(page - 1)} />}
      {page < pages && <link rel="next" href={full(page + 1)} />}
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <Link href={href(page - 1)} rel="prev" className="btn-secondary">
              {t('previousPage')}
            </Link>
          </li>
        )}
        {pageNumbers(page, pages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                href={href(n)}
                aria-current={n === page ? 'page' : undefined}
                aria-label={t('pageOf', { page: n })}
                className={`inline-grid size-11 place-items-center rounded-full font-semibold ${n === page ? 'bg-brand text-zinc-950' : 'ring-1 ring-zinc-300 hover:bg-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800'}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link href={href(page + 1)} rel="next" className="btn-secondary">
              {t('nextPage')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
