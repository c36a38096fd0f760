import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { config } from '@/lib/config';

export type PageKey = 'home' | 'services' | 'team' | 'about' | 'contact';

/** Absolute URL of a page in a language: English keeps the old paths, Arabic is under /ar. */
export function localizedUrl(locale: string, path: string): string {
  const prefix = locale === 'ar' ? '/ar' : '';
  return `${config.siteUrl}${prefix}${path === '/' && prefix ? '' : path}`;
}

export async function pageMetadata(locale: string, key: PageKey, path: string): Promise<Metadata> {
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
      languages: { en: localizedUrl('en', path), ar: localizedUrl('ar', path), 'x-default': localizedUrl('en', path) },
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
