import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { InvitationForm } from '@/components/auth/invitation-form';
import { openInvitation } from '@/lib/entities/user/invitations';
import { AuthNotice } from '@/components/auth/auth-notice';
import { brandedTitle } from '@/lib/seo';

// The link's token decides what is shown, per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  // The URL holds a secret: no search engine, and no Referer carrying it to another site.
  return { title: await brandedTitle(locale, t('invitationTitle')), robots: { index: false }, referrer: 'no-referrer' };
}

export default async function InvitationPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('auth');
  const { token } = await searchParams;
  const invitation = typeof token === 'string' ? await openInvitation(token) : null;
  if (typeof token !== 'string' || !invitation)
    return <AuthNotice title={t('invitationTitle')} text={t('invitationExpired')} tone="problem" testId="invitation-expired" />;
  return (
    <InvitationForm
      token={token}
      intro={t('invitationIntro', { email: invitation.email, role: invitation.role === 'admin' ? t('roleAdmin') : t('roleMini') })}
    />
  );
}
