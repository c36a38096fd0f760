import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginForm } from '@/components/auth/login-form';
import { sessionUser } from '@/lib/auth/guard';
import { redirect } from '@/lib/i18n/navigation';
import { getSiteSettings } from '@/lib/settings';
import { brandedTitle } from '@/lib/seo';

// Reads the session cookie, so it is rendered per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: await brandedTitle(locale, t('signInTitle')), robots: { index: false } };
}

export default async function LogInPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // Already signed in: straight to the back office.
  if (await sessionUser()) redirect({ href: '/Admin', locale });
  return <LoginForm signup={(await getSiteSettings()).signupOpen} />;
}
