import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignupForm } from '@/components/auth/signup-form';
import { AuthNotice } from '@/components/auth/auth-notice';
import { getSiteSettings } from '@/lib/settings';
import { brandedTitle } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: await brandedTitle(locale, t('signUpTitle')), robots: { index: false } };
}

export default async function SignUpPage({ params }: Props) {
  setRequestLocale((await params).locale);
  // Invitation only (set on /Admin/Users): no form to fill in for nothing.
  if (!(await getSiteSettings()).signupOpen) {
    const t = await getTranslations('auth');
    return (
      <AuthNotice
        title={t('signupClosedTitle')}
        text={t('signupClosed')}
        tone="plain"
        testId="signup-closed"
        link={{ href: '/LogIn', label: t('backToSignIn') }}
      />
    );
  }
  return <SignupForm />;
}
