import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { UsersScreen } from '@/components/admin/users-screen';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';

export const generateMetadata = screenMetadata((t) => t('users.title'));

export default async function UsersPage({ params, searchParams }: ScreenProps) {
  const { locale } = await params;
  const user = await screenUser(locale);
  if (!can(user, 'users')) return <ForbiddenNotice />;
  return <UsersScreen locale={locale} user={user} query={await searchParams} />;
}
