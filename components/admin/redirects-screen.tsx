import { getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { adminPath } from '@/lib/admin/paths';
import { formatWhen } from '@/lib/i18n/dates';
import { runtimeKey } from '@/lib/i18n/keys';
import type { notFoundPage, redirectPage } from '@/lib/redirects/read';
import { NOT_FOUND_LIMITS } from '@/lib/redirects/rules';

// /Admin/Redirects (issue 37): the redirects, newest first, each with its hits and last hit, and
// the 404 monitor below with "Make a redirect" on each path. Cards (a list), not a table: whole on
// a 375 px phone. Server-rendered; every control is a link or a plain form.

type Redirects = Awaited<ReturnType<typeof redirectPage>>;
type Missing = Awaited<ReturnType<typeof notFoundPage>>;

/** A stored (percent-encoded) path as a person reads it; as stored when it does not decode. */
function readable(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

export async function RedirectsScreen({
  locale,
  redirects,
  page,
  missing,
  missingPage,
  notice,
}: {
  locale: string;
  redirects: Redirects;
  page: number;
  missing: Missing;
  missingPage: number;
  notice: { saved?: boolean; deleted?: boolean; failed?: string };
}) {
  const t = await getTranslations('admin.redirects');
  const errors = await getTranslations('errors');
  const pagerWords = { previous: t('previous'), next: t('next'), page: (n: number, of: number) => t('page', { page: n, pages: of }) };
  const when = (date: Date | null) => (date ? formatWhen(date, locale) : t('never'));
  const count = (n: number) => new Intl.NumberFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB').format(n);
  const reason = notice.failed && errors.has(runtimeKey(notice.failed)) ? errors(runtimeKey(notice.failed)) : errors('server');
  const href = (list: 'page' | 'missing', n: number) => {
    const query = new URLSearchParams({ page: String(list === 'page' ? n : page), missing: String(list === 'missing' ? n : missingPage) });
    return `${adminPath.redirects}?${query}${list === 'missing' ? '#not-found' : ''}`;
  };
  return (
    <div className="grid gap-8">
      <section aria-labelledby="redirects-title" className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="redirects-title" className="text-2xl font-bold">
            {t('title')}
          </h1>
          <AdminLink href={adminPath.newRedirect()} className="btn-primary" data-testid="redirect-add">
            {t('add')}
          </AdminLink>
        </div>
        <p className="max-w-3xl text-zinc-700 dark:text-zinc-300">{t('intro')}</p>
        {(notice.saved || notice.deleted || notice.failed) && (
          <p role="status" className="font-semibold" data-testid="redirects-notice">
            {notice.saved ? t('saved') : notice.deleted ? t('deleted') : t('failed', { reason })}
          </p>
        )}
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('count', { count: redirects.total })}</p>
        {redirects.total === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          <ul className="grid gap-3" data-testid="redirect-list">
            {redirects.rows.map((row) => (
              <li
                key={row.id}
                className="grid gap-1 rounded-xl bg-white p-4 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
                data-testid="redirect-row"
                data-from={row.fromPath}
              >
                <p dir="ltr" className="text-start font-semibold wrap-anywhere">
                  <span>{readable(row.fromPath)}</span> <span aria-hidden="true">→</span> <span>{readable(row.toUrl)}</span>
                </p>
                <p className="text-sm text-zinc-700 dark:text-zinc-300">
                  {row.status === 301 ? t('permanent') : t('temporary')} · {t('hits')}:{' '}
                  <span data-testid="redirect-hits">{count(row.hits)}</span> · {t('lastHit')}: {when(row.lastHitAt)}
                </p>
                <p>
                  <AdminLink href={adminPath.redirect(row.id)} className="font-semibold underline" data-testid="redirect-edit">
                    {t('edit')}
                  </AdminLink>
                </p>
              </li>
            ))}
          </ul>
        )}
        <Pager label={t('title')} page={page} pages={redirects.pages} href={(n) => href('page', n)} words={pagerWords} />
      </section>
      <section id="not-found" aria-labelledby="not-found-title" className="grid gap-4">
        <h2 id="not-found-title" className="text-xl font-bold">
          {t('notFoundTitle')}
        </h2>
        <p className="max-w-3xl text-zinc-700 dark:text-zinc-300">
          {t('notFoundIntro', { days: NOT_FOUND_LIMITS.keepDays, rows: count(NOT_FOUND_LIMITS.rows) })}
        </p>
        {missing.total === 0 ? (
          <p>{t('notFoundEmpty')}</p>
        ) : (
          <>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('notFoundCount', { count: missing.total })}</p>
            <ul className="grid gap-3" data-testid="not-found-list">
              {missing.rows.map((row) => (
                <li
                  key={row.path}
                  className="grid gap-1 rounded-xl bg-white p-4 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
                  data-testid="not-found-row"
                  data-path={row.path}
                >
                  <p dir="ltr" className="text-start font-semibold wrap-anywhere">
                    {readable(row.path)}
                  </p>
                  <p className="text-sm text-zinc-700 dark:text-zinc-300">
                    {t('hits')}: <span data-testid="not-found-hits">{count(row.hits)}</span> · {t('lastHit')}: {when(row.lastAt)} ·{' '}
                    {t('firstSeen')}: {when(row.firstAt)}
                  </p>
                  <p>
                    <AdminLink href={adminPath.newRedirect(row.path)} className="font-semibold underline" data-testid="make-redirect">
                      {t('makeRedirect')}
                    </AdminLink>
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              label={t('notFoundTitle')}
              page={missingPage}
              pages={missing.pages}
              href={(n) => href('missing', n)}
              words={pagerWords}
            />
          </>
        )}
      </section>
    </div>
  );
}

/** A list's pages as plain links (the URL is the screen's state): none for a single page. */
function Pager({
  label,
  page,
  pages,
  href,
  words,
}: {
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  words: { previous: string; next: string; page: (page: number, pages: number) => string };
}) {
  if (pages <= 1) return null;
  return (
    <nav className="flex flex-wrap items-center gap-3" aria-label={label}>
      {page > 1 && (
        <AdminLink href={href(page - 1)} className="btn-secondary">
          {words.previous}
        </AdminLink>
      )}
      <span>{words.page(page, pages)}</span>
      {page < pages && (
        <AdminLink href={href(page + 1)} className="btn-secondary">
          {words.next}
        </AdminLink>
      )}
    </nav>
  );
}
