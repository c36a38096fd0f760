import { getTranslations } from 'next-intl/server';
import { BackupStatus } from '@/components/admin/backup-status';
import { Dashboard } from '@/components/admin/dashboard';
import { LatestActivity } from '@/components/admin/latest-activity';
import { MailStatus } from '@/components/admin/mail-status';
import { dashboardCounts, latestActivity } from '@/lib/admin/dashboard';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';

// /Admin: the spec's line, then what each area holds and what waits for someone (issue 26).
export const generateMetadata = screenMetadata((t) => t('tabs.dashboard'));

export default async function DashboardPage({ params }: ScreenProps) {
  const { locale } = await params;
  const user = await screenUser(locale);
  const [t, counts, latest] = await Promise.all([
    getTranslations('admin'),
    dashboardCounts(user),
    can(user, 'users') ? latestActivity(locale) : undefined,
  ]);
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold" data-testid="choose">
        {t('choose')}
      </h1>
      <Dashboard counts={counts} />
      {/* The mail server's state (and its last error) is for staff who handle inquiries. */}
      {can(user, 'content') && <MailStatus />}
      {/* Whether the site's data is safe: the last backup and the next (Admins, as /Admin/Backups is). */}
      {can(user, 'users') && <BackupStatus />}
      {/* The activity log is the Admins' (as /Admin/Activity is). */}
      <LatestActivity entries={latest} />
    </>
  );
}
