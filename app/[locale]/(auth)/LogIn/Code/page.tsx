import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CodeForm } from '@/components/auth/code-form';
import { secondStepPending, SECOND_STEP_COOKIE } from '@/lib/entities/user/two-factor';
import { AuthNotice } from '@/components/auth/auth-notice';
import { brandedTitle } from '@/lib/seo';

// The second-step cookie decides what is shown, per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: await brandedTitle(locale, t('codeTitle')), robots: { index: false } };
}

/** The code step after the right password of an account with two-factor sign-in (5 minutes, then sign in again). */
export default async function LogInCodePage({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('auth');
  if (!(await secondStepPending((await cookies()).get(SECOND_STEP_COOKIE)?.value)))
    return (
      <AuthNotice
        title={t('codeTitle')}
        text={t('codeExpired')}
        tone="problem"
        testId="code-expired"
        link={{ href: '/LogIn', label: t('signInAgain') }}
      />
    );
  return <CodeForm />;
}
