import { AccountScreen } from '@/components/admin/account-screen';
import { screenMetadata, screenUser, type ScreenProps } from '@/lib/admin/screen';
import { mustEnrol } from '@/lib/entities/user/two-factor';

export const generateMetadata = screenMetadata((t) => t('account.title'));

// Every signed-in person's own, and the one screen open to someone who must enrol in two-factor sign-in.
export default async function AccountPage({ params }: ScreenProps) {
  const { locale } = await params;
  const user = await screenUser(locale, { enrolling: true });
  return <AccountScreen locale={locale} user={user} enrol={await mustEnrol(user)} />;
}
