import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { AuthNotice } from '@/components/auth/auth-notice';
import { SetupForm } from '@/components/auth/setup-form';
import { openSetup } from '@/lib/entities/user/setup';
import { brandedTitle } from '@/lib/seo';

// The first start's one-time link (lib/entities/user/setup.ts): its token decides, per request.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  // The URL holds a secret: no search engine, and no Referer carrying it to another site.
  return { title: await brandedTitle(locale, t('setupTitle')), robots: { index: false }, referrer: 'no-referrer' };
}

export default async function SetupPage({ params, searchParams }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('auth');
  const { token } = await searchParams;
  // A link that is used, expired or outlived by an Admin: the refusal, in words, with a 410 (the
  // front server reads the mark: server/main.ts, LINK_REFUSED_MARK; Next cannot set a page's status).
  if (typeof token !== 'string' || !(await openSetup(token)))
    return (
      <div data-link-refused="">
        <AuthNotice
          title={t('setupTitle')}
          text={t('setupRefused')}
          tone="problem"
          testId="setup-refused"
          link={{ href: '/LogIn', label: t('signIn') }}
        />
      </div>
    );
  return <SetupForm token={token} />;
}
