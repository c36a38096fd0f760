import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { InvitationForm } from '@/components/auth/invitation-form';
import { openInvitation } from '@/lib/entities/user/invitations';
import { AuthNotice } from '@/components/auth/auth-notice';
import { brandedTitle } from '@/lib/seo';
import { sessionUser } from '@/lib/auth/guard';
import { localePath } from '@/lib/pages';
import { ForwardTo } from '@/components/auth/forward-to';

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
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('auth');
  const { token } = await searchParams;
  const invitation = typeof token === 'string' ? await openInvitation(token) : null;
  // Opened again by its owner once accepted (the accept action itself goes on to the back office):
  // signed in, on to the back office, not "this link has expired".
  if (!invitation && (await sessionUser()))
    return (
      <>
        <AuthNotice
          title={t('invitationTitle')}
          text={t('invitationSignedIn')}
          tone="done"
          testId="invitation-signed-in"
          link={{ href: '/Admin', label: t('invitationOpen') }}
        />
        <ForwardTo href={localePath(locale, '/Admin')} />
      </>
    );
  if (typeof token !== 'string' || !invitation)
    return <AuthNotice title={t('invitationTitle')} text={t('invitationExpired')} tone="problem" testId="invitation-expired" />;
  return (
    <InvitationForm
      token={token}
      intro={t('invitationIntro', { email: invitation.email, role: invitation.role === 'admin' ? t('roleAdmin') : t('roleMini') })}
    />
  );
}
