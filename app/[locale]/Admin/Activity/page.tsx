import { ActivityLog } from '@/components/admin/activity-log';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { activityNotice, activityPeople, listActivity, parseActivityFilter } from '@/lib/activity/read';
import { can } from '@/lib/auth/permissions';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';

// /Admin/Activity (issue 26): Admins only, read-only but for restoring a deleted item.
export const generateMetadata = screenMetadata((t) => t('activity.title'));

export default async function ActivityPage({ params, searchParams }: ScreenProps) {
  const { locale } = await params;
  if (!can(await screenUser(locale), 'users')) return <ForbiddenNotice />;
  const query = await searchParams;
  const filter = parseActivityFilter(query);
  const [{ entries, total, pages }, people] = await Promise.all([listActivity(filter), activityPeople()]);
  return (
    <ActivityLog
      locale={locale}
      filter={filter}
      entries={entries}
      total={total}
      pages={pages}
      people={people}
      notice={activityNotice(query)}
    />
  );
}
