import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { SettingsScreen } from '@/components/admin/settings-screen';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';

export const generateMetadata = screenMetadata((t) => t('settings.title'));

export default async function SettingsPage({ params, searchParams }: ScreenProps) {
  const { locale } = await params;
  if (!can(await screenUser(locale), 'users')) return <ForbiddenNotice />;
  return <SettingsScreen saved={(await searchParams).saved === '1'} />;
}
