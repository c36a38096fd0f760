import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { BackupDownload, BackupNowForm, RefreshWhileRunning } from '@/components/admin/backup-forms';
import { adminPath } from '@/lib/admin/areas';
import { scheduleOf } from '@/lib/backups/runner';
import type { listRuns } from '@/lib/backups/status';
import { formatWhen } from '@/lib/i18n/dates';

// /Admin/Backups (issue 33), Admins only: what a backup is, "Back up now", and every run, newest
// first, a page at a time (plain links: the URL is the page). Restoring is the server's
// (`npm run restore`), never this screen's. Cards, not a table: whole on a 375 px phone.

type Listing = Awaited<ReturnType<typeof listRuns>>;
type Run = Listing['runs'][number];

const STATUSES = ['requested', 'running', 'ok', 'failed'] as const;
const TRIGGERS = ['schedule', 'manual', 'cli'] as const;
const known = <T extends string>(list: readonly T[], value: string): T | null => (list.includes(value as T) ? (value as T) : null);

/** Digits as the UAE writes them (Western, in both languages), like formatWhen. */
const numberLocale = (locale: string) => (locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB');

/** A size in bytes, in the largest unit under 1000 of it (the language's own unit names). */
function humanBytes(bytes: bigint | number, locale: string): string {
  let value = Number(bytes);
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(numberLocale(locale), {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

const STATUS_STYLE: Record<(typeof STATUSES)[number], string> = {
  requested: 'bg-zinc-200 dark:bg-zinc-800',
  running: 'bg-sky-100 text-sky-950',
  ok: 'bg-emerald-100 text-emerald-950',
  failed: 'bg-red-100 text-red-950',
};

export async function BackupsScreen({ locale, listing, page }: { locale: string; listing: Listing; page: number }) {
  const t = await getTranslations('admin.backups');
  const schedule = scheduleOf();
  const time = (date: Date) => formatWhen(date, locale);
  const count = (n: number) => new Intl.NumberFormat(numberLocale(locale)).format(n);
  const code = (chunks: ReactNode) => <code dir="ltr">{chunks}</code>;
  const pageHref = (n: number) => (n > 1 ? `${adminPath.backups}?page=${n}` : adminPath.backups);
  const inProgress = listing.runs.some((run) => run.status === 'requested' || run.status === 'running');

  const field = (label: string, value: ReactNode, testId: string) => (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words" data-testid={testId}>
        {value}
      </dd>
    </>
  );

  const card = (run: Run) => {
    const status = known(STATUSES, run.status);
    const trigger = known(TRIGGERS, run.trigger);
    const at = run.createdAt;
    return (
      <li
        key={run.id}
        className="min-w-0 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
        data-testid="backup-run"
        data-run={run.id}
        data-status={run.status}
      >
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span
            className={`rounded-full px-2 py-0.5 text-sm font-bold ${status ? STATUS_STYLE[status] : STATUS_STYLE.requested}`}
            data-testid="backup-run-status"
          >
            {status ? t(`statuses.${status}`) : run.status}
          </span>
          <time dateTime={at.toISOString()} className="font-semibold" data-testid="backup-run-time">
            {time(at)}
          </time>
        </div>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          {field(t('trigger'), trigger ? t(`triggers.${trigger}`) : run.trigger, 'backup-run-trigger')}
          {run.size !== null && field(t('size'), humanBytes(run.size, locale), 'backup-run-size')}
          {run.rows !== null && field(t('rows'), count(run.rows), 'backup-run-rows')}
          {run.files !== null &&
            field(
              t('files'),
              `${count(run.files)}${run.fileBytes !== null ? ` (${humanBytes(run.fileBytes, locale)})` : ''}`,
              'backup-run-files',
            )}
          {run.file &&
            field(
              t('file'),
              <bdi dir="ltr" className="font-mono text-xs wrap-anywhere">
                {run.file}
              </bdi>,
              'backup-run-file',
            )}
          {run.status === 'ok' &&
            field(
              t('verification'),
              run.verifiedAt
                ? t('verified')
                : run.verifyError
                  ? t.rich('verifyFailed', {
                      error: run.verifyError,
                      reason: (chunks) => (
                        <bdi dir="ltr" className="wrap-anywhere">
                          {chunks}
                        </bdi>
                      ),
                    })
                  : t('notVerified'),
              'backup-run-verified',
            )}
          {run.error &&
            field(
              t('error'),
              <bdi dir="ltr" className="wrap-anywhere">
                {run.error}
              </bdi>,
              'backup-run-error',
            )}
        </dl>
        {run.prunedAt && (
          <p className="mt-2 text-sm font-semibold" data-testid="backup-run-pruned">
            {t('pruned')}
          </p>
        )}
        {run.available && (
          <div className="mt-3">
            <BackupDownload runId={run.id} label={t('downloadFor', { time: time(at) })} />
          </div>
        )}
      </li>
    );
  };

  return (
    <section className="grid min-w-0 gap-6">
      <div className="grid gap-2">
        <h1 tabIndex={-1} className="text-3xl font-extrabold focus:outline-none">
          {t('title')}
        </h1>
        <div className="grid max-w-prose gap-2 text-zinc-700 dark:text-zinc-300" data-testid="backups-intro">
          <p>{t('intro')}</p>
          <p>{schedule.off ? t.rich('scheduleOff', { code }) : t('scheduled', { time: schedule.next ? time(schedule.next) : '—' })}</p>
          <p>{t.rich('restoreNote', { code })}</p>
        </div>
      </div>
      <BackupNowForm />
      <section aria-labelledby="backup-runs-heading" className="grid min-w-0 gap-4">
        <h2 id="backup-runs-heading" className="text-xl font-bold">
          {t('runsHeading')}
        </h2>
        <p role="status" className="text-sm font-semibold" data-testid="backup-count">
          {t('count', { count: listing.total })}
        </p>
        {listing.runs.length === 0 ? (
          <p data-testid="backup-empty">{t('empty')}</p>
        ) : (
          <ol className="grid gap-4" data-testid="backup-runs">
            {listing.runs.map(card)}
          </ol>
        )}
        {inProgress && <RefreshWhileRunning />}
        {listing.pages > 1 && (
          <nav aria-label={t('pages')} className="flex flex-wrap items-center justify-center gap-4" data-testid="backup-pages">
            {page > 1 && (
              <AdminLink href={pageHref(page - 1)} className="btn-secondary" rel="prev">
                {t('previous')}
              </AdminLink>
            )}
            <span className="font-semibold">{t('pageOf', { page, pages: listing.pages })}</span>
            {page < listing.pages && (
              <AdminLink href={pageHref(page + 1)} className="btn-secondary" rel="next" data-testid="backup-next-page">
                {t('next')}
              </AdminLink>
            )}
          </nav>
        )}
      </section>
    </section>
  );
}
