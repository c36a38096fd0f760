import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { QuoteReference } from '@/components/site/quote-reference';
import { REFERENCE_PATTERN } from '@/lib/inquiries/constants';
import { Link } from '@/lib/i18n/navigation';
import { brandedTitle } from '@/lib/seo';

// Where the quote form lands when it was posted without scripts (lib/inquiries/actions.ts), with
// the visitor's reference in the address (?ref=Q-2026-000123), shown only when it has that shape:
// it is the visitor's own, and says nothing to anyone else. Kept out of search results.
// Drawn per request: it reads the address's query.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'quote.thanks' });
  return { title: await brandedTitle(locale, t('metaTitle')), robots: { index: false, follow: false } };
}

export default async function QuoteThanksPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('quote.thanks');
  const ref = (await searchParams).ref;
  const reference = typeof ref === 'string' && REFERENCE_PATTERN.test(ref) ? ref : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center" data-testid="quote-thanks">
      <h1 className="text-4xl font-extrabold">{t('title')}</h1>
      <p className="mt-4 text-lg">{t('text')}</p>
      {reference && <QuoteReference label={t('reference')} hint={t('referenceHint')} reference={reference} />}
      <p className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className="btn-primary">
          {t('home')}
        </Link>
        <Link href="/ContactUs" className="btn-secondary">
          {t('contact')}
        </Link>
      </p>
    </div>
  );
}
