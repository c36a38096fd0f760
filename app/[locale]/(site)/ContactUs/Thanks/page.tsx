import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { brandedTitle } from '@/lib/seo';

// Where the quote form lands when it was posted without scripts (lib/inquiries/actions.ts). The
// same for everyone, so it is cached like the other public pages; kept out of search results.
type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'quote.thanks' });
  return { title: await brandedTitle(locale, t('metaTitle')), robots: { index: false, follow: false } };
}

export default async function QuoteThanksPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('quote.thanks');
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center" data-testid="quote-thanks">
      <h1 className="text-4xl font-extrabold">{t('title')}</h1>
      <p className="mt-4 text-lg">{t('text')}</p>
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
