import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { pageMetadata } from '@/lib/seo';
import { getPrivacyNotice } from '@/lib/settings/privacy';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'privacy');
}

/** The privacy notice the quote form's consent line links to: the settings' text, else the default notice. */
export default async function PrivacyPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [meta, notice] = await Promise.all([getTranslations('meta'), getPrivacyNotice(locale)]);
  return (
    <article className="mx-auto max-w-3xl px-4 py-14" data-testid="privacy-notice">
      <h1 className="text-4xl font-extrabold leading-tight text-brand-strong dark:text-brand">{meta('privacy.title')}</h1>
      {notice.map((paragraph, i) => (
        <p key={i} className={`${i ? 'mt-4' : 'mt-6'} text-lg leading-relaxed whitespace-pre-line`} data-testid="privacy-paragraph">
          {paragraph}
        </p>
      ))}
    </article>
  );
}
