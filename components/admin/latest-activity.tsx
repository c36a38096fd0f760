import { getLocale, getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { formatWhen } from '@/lib/i18n/dates';
import type { ActivityEntry } from '@/lib/admin/dashboard';

/**
 * The dashboard's "Latest activity" card (issue 26), for Admins (lib/admin/dashboard.ts
 * `latestActivity`); without `entries` (a Mini Admin) it is not drawn at all.
 */
export async function LatestActivity({ entries }: { entries?: readonly ActivityEntry[] }) {
  if (!entries) return null;
  const t = await getTranslations('admin.dashboard');
  const locale = await getLocale();
  return (
    <section
      aria-labelledby="activity-heading"
      className="mb-6 rounded-lg p-4 ring-1 ring-zinc-200 dark:ring-zinc-800"
      data-testid="latest-activity"
    >
      <h2 id="activity-heading" className="mb-2 text-lg font-bold">
        {t('activityHeading')}
      </h2>
      {entries.length === 0 ? (
        <p>{t('activityEmpty')}</p>
      ) : (
        <ol className="grid gap-2">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-x-4 break-words">
              {entry.href ? (
                <AdminLink href={entry.href} className="underline">
                  {entry.text}
                </AdminLink>
              ) : (
                <span>{entry.text}</span>
              )}
              <time dateTime={entry.at.toISOString()} className="text-sm text-zinc-700 dark:text-zinc-300">
                {formatWhen(entry.at, locale)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
