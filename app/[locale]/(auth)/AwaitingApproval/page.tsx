import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HourglassIcon } from '@/components/ui/icons';
import { Link } from '@/lib/i18n/navigation';
import { brandedTitle } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'auth' });
  return { title: await brandedTitle(locale, t('pendingTitle')), robots: { index: false } };
}

/** What a registered but not yet approved person sees, and nothing else. */
export default async function AwaitingApprovalPage({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('auth');
  return (
    <div className="grid gap-4 text-center" data-testid="awaiting-approval">
      <div className="mx-auto grid size-16 place-items-center rounded-full bg-amber-400 text-black" data-testid="awaiting-icon">
        <HourglassIcon className="size-8" />
      </div>
      <h1 className="text-2xl font-extrabold">{t('pendingTitle')}</h1>
      <p className="text-zinc-700 dark:text-zinc-300">{t('pendingText')}</p>
      <div className="flex justify-center gap-3">
        <Link href="/LogIn" className="btn-primary">
          {t('backToSignIn')}
        </Link>
        <Link href="/" className="btn-secondary">
          {t('backHome')}
        </Link>
      </div>
    </div>
  );
}
