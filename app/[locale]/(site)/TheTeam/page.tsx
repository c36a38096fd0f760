import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { TeamGrid } from '@/components/site/team-grid';
import { getTeam } from '@/lib/content/public';
import { QuoteCta } from '@/components/site/quote-cta';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'team');
}

export default async function TeamPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, members] = await Promise.all([getTranslations('team'), getTeam(locale)]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="mb-10 text-center text-4xl font-extrabold">{t('title')}</h1>
      <TeamGrid members={members} />
      <QuoteCta />
    </div>
  );
}
