import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ResetForm } from '@/components/auth/reset-form';
import { resetLinkUsable } from '@/lib/entities/user/account';
import { Link } from '@/lib/i18n/navigation';
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
      <div className="grid gap-4" data-testid="reset-expired">
        <h1 className="text-2xl font-extrabold">{t('resetTitle')}</h1>
        <p role="alert" className="font-semibold">
          {t('resetExpired')}
        </p>
        <Link href="/ForgotPassword" className="btn-primary justify-self-start">
          {t('requestNewLink')}
        </Link>
      </div>
    );
  return <ResetForm token={token} />;
}
