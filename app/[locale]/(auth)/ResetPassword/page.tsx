import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ResetForm } from '@/components/auth/reset-form';
import { resetLinkUsable } from '@/lib/entities/user/account';
import { AuthNotice } from '@/components/auth/auth-notice';
import { brandedTitle } from '@/lib/seo';

// The link's token decides what is shown, per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  // The URL holds a secret: no search engine, and no Referer carrying it to another site.
  return { title: await brandedTitle(locale, t('resetTitle')), robots: { index: false }, referrer: 'no-referrer' };
}

export default async function ResetPasswordPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('auth');
  const { token } = await searchParams;
  if (typeof token !== 'string' || !(await resetLinkUsable(token)))
    return (
      <AuthNotice
        title={t('resetTitle')}
        text={t('resetExpired')}
        tone="problem"
        testId="reset-expired"
        link={{ href: '/ForgotPassword', label: t('requestNewLink') }}
      />
    );
  return <ResetForm token={token} />;
}
