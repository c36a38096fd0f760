import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ForgotForm } from '@/components/auth/forgot-form';
import { config } from '@/lib/config';
import { brandedTitle } from '@/lib/seo';

// Whether mail is set up is the server's environment, read per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: await brandedTitle(locale, t('forgotTitle')), robots: { index: false } };
}

export default async function ForgotPasswordPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <ForgotForm mail={config.mail.configured} />;
}
