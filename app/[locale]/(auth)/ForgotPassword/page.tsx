import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ForgotForm } from '@/components/auth/forgot-form';
import { config } from '@/lib/config';

// Whether mail is set up is the server's environment, read per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'auth' });
  return { title: t('forgotTitle'), robots: { index: false } };
}

export default async function ForgotPasswordPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <ForgotForm mail={config.mail.configured} />;
}
