import { getLocale, getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { adminPath } from '@/lib/admin/areas';
import { OVERDUE_HOURS } from '@/lib/backups/runner';
import { backupLine } from '@/lib/backups/status';
import { formatWhen } from '@/lib/i18n/dates';

/**
 * The back office's home, for Admins (issue 33): the last backup (verified, not yet, or failed and
 * why), the next one (or that the schedule is off) and a warning when no archive has been verified
 * for OVERDUE_HOURS. Read live on every render, like the mail box above it.
 */
export async function BackupStatus() {
  const t = await getTranslations('admin.backups.line');
  const locale = await getLocale();
  const { last, schedule, overdue } = await backupLine();
  const time = (date: Date) => formatWhen(date, locale);
  const fine = last?.ok && last.verified && !overdue && !schedule.off;
  return (
    <section
      aria-labelledby="backup-status-heading"
      data-testid="backup-status"
      className={`mb-6 grid gap-1 rounded-lg border p-4 ${fine ? 'border-emerald-600 bg-emerald-50 text-emerald-950' : 'border-amber-500 bg-amber-50 text-amber-950'}`}
    >
      <h2 id="backup-status-heading" className="text-lg font-bold">
        {t('heading')}
      </h2>
      <p className="break-words" data-testid="backup-last">
        {!last
          ? t('none')
          : !last.ok
            ? t.rich('failed', {
                time: time(last.at),
                error: last.error ?? '',
                // The reason as the server said it (English, a path or a command): left to right.
                reason: (chunks) => (
                  <bdi dir="ltr" className="wrap-anywhere">
                    {chunks}
                  </bdi>
                ),
              })
            : t(last.verified ? 'verified' : 'unverified', { time: time(last.at) })}
      </p>
      <p data-testid="backup-next">
        {schedule.off
          ? t.rich('off', { code: (chunks) => <code dir="ltr">{chunks}</code> })
          : schedule.next
            ? t('next', { time: time(schedule.next) })
            : t('noNext')}
      </p>
      {overdue && (
        <p className="font-bold" data-testid="backup-overdue">
          {t('overdue', { hours: OVERDUE_HOURS })}
        </p>
      )}
      <p>
        <AdminLink href={adminPath.backups} className="font-semibold underline" data-testid="backup-link">
          {t('link')}
        </AdminLink>
      </p>
    </section>
  );
}
