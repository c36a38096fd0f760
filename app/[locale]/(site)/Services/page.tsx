import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Logo } from '@/components/site/logo';
import { ServicesGrid } from '@/components/site/services-grid';
import { TimedOverlay } from '@/components/ui/timed-overlay';
import { getServices } from '@/lib/content/public';
import { QuoteCta } from '@/components/site/quote-cta';
import { pageMetadata } from '@/lib/seo';
import { TIMINGS } from '@/lib/timings';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'services');
}

export default async function ServicesPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, services] = await Promise.all([getTranslations('services'), getServices(locale)]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <TimedOverlay ms={TIMINGS.servicesSpinnerMinMs} label={t('loading')} />
      <div className="mb-10 flex flex-col items-center gap-3">
        <Logo className="h-12 w-auto text-zinc-900 dark:text-white" box="h-12 w-48" center />
        <h1 className="text-4xl font-extrabold">{t('title')}</h1>
      </div>
      <ServicesGrid services={services} />
      <QuoteCta />
    </div>
  );
}
