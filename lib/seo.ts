import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { config } from '@/lib/config';
import { localePath, pagePath, type PageKey } from '@/lib/pages';

/** Absolute URL of a page in a language: English keeps the old paths, Arabic is under /ar. */
export function localizedUrl(locale: string, path: string): string {
  return `${config.siteUrl}${localePath(locale, path)}`;
}

/** The hreflang alternates of a page: each language, and English for everyone else. */
export function languageAlternates(path: string) {
  return { en: localizedUrl('en', path), ar: localizedUrl('ar', path), 'x-default': localizedUrl('en', path) };
}

export async function pageMetadata(locale: string, key: PageKey): Promise<Metadata> {
  const path = pagePath(key);
  const t = await getTranslations({ locale, namespace: 'meta' });
  const title = t(`${key}.title`);
  const description = t(`${key}.description`);
  const url = localizedUrl(locale, path);
  return {
    metadataBase: new URL(config.siteUrl),
    title,
    description,
    alternates: {
      canonical: url,
      languages: languageAlternates(path),
    },
    openGraph: {
      type: 'website',
      url,
      title,
      description,
      siteName: t('siteName'),
      locale: locale === 'ar' ? 'ar_AE' : 'en_AE',
      alternateLocale: locale === 'ar' ? ['en_AE'] : ['ar_AE'],
      images: [{ url: '/brand/og.jpg', width: 1200, height: 630, alt: t('siteName') }],
    },
    twitter: { card: 'summary_large_image', title, description, images: ['/brand/og.jpg'] },
  };
}
