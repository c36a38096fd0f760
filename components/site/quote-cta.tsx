import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { QUOTE_ANCHOR } from '@/lib/inquiries/constants';

/** "Request a quote": a band at the end of Home, Services and the team page. */
export async function QuoteCta({ className = 'mt-12' }: { className?: string }) {
  const t = await getTranslations('quote');
  return (
    <section aria-labelledby="quote-cta-heading" className={className}>
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-zinc-100 p-8 text-center ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
        <h2 id="quote-cta-heading" className="text-2xl font-extrabold">
          {t('cta')}
        </h2>
        <p className="text-zinc-700 dark:text-zinc-300">{t('ctaText')}</p>
        <Link href={{ pathname: '/ContactUs', hash: QUOTE_ANCHOR }} className="btn-primary" data-testid="quote-cta">
          {t('cta')}
        </Link>
      </div>
    </section>
  );
}
