import { getTranslations } from 'next-intl/server';
import { ScopedIntlProvider } from '@/components/ui/scoped-intl-provider';
import { serviceOptions } from '@/lib/inquiries';
import { QUOTE_ANCHOR } from '@/lib/inquiries/constants';
import { dubaiToday } from '@/lib/inquiries/schema';
import { getBrand } from '@/lib/settings/brand';
import { QuoteForm } from './quote-form';

/** The quote form's section of /ContactUs and of each service page; only its own words go to the browser. */
export async function QuoteSection({
  locale,
  ticked,
}: {
  locale: string;
  /** A service ticked from the start (a service page's). */ ticked?: string;
}) {
  const [t, services, brand] = await Promise.all([getTranslations('quote'), serviceOptions(locale), getBrand(locale)]);
  return (
    <section id={QUOTE_ANCHOR} aria-labelledby="quote-heading" className="mt-14 scroll-mt-24">
      <h2 id="quote-heading" className="mb-2 text-center text-3xl font-extrabold">
        {t('title')}
      </h2>
      <p className="mb-8 text-center text-zinc-700 dark:text-zinc-300">{t('intro')}</p>
      <div className="rounded-2xl bg-zinc-100 p-6 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
        <ScopedIntlProvider namespaces={['quote']}>
          {/* The date the page was drawn only sets the date picker's first day; the server decides. */}
          <QuoteForm locale={locale} services={services} today={dubaiToday()} company={brand.name} ticked={ticked} />
        </ScopedIntlProvider>
      </div>
    </section>
  );
}
