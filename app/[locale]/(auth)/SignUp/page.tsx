import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignupForm } from '@/components/auth/signup-form';
import { Link } from '@/lib/i18n/navigation';
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
      <div className="grid gap-4" data-testid="signup-closed">
        <h1 className="text-2xl font-extrabold">{t('signupClosedTitle')}</h1>
        <p>{t('signupClosed')}</p>
        <Link href="/LogIn" className="btn-primary justify-self-start">
          {t('backToSignIn')}
        </Link>
      </div>
    );
  }
  return <SignupForm />;
}
