import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SignupForm } from '@/components/auth/signup-form';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'auth' });
  return { title: t('signUpTitle'), robots: { index: false } };
}

export default async function SignUpPage({ params }: Props) {
  setRequestLocale((await params).locale);
  return <SignupForm />;
}
