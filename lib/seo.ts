import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { config } from '@/lib/config';
import { routing } from '@/lib/i18n/routing';
import { localePath, pagePath, PUBLIC_PAGES, type PageKey } from '@/lib/pages';
import { getBrand } from '@/lib/settings/brand';
import { DEFAULT_IMAGES } from '@/lib/settings/paths';
import { SOCIAL_IMAGE } from '@/lib/settings/social-image';
import { pageSeo } from '@/lib/settings/page-seo';
import { snippet } from '@/lib/settings/page-seo-schema';

/**
 * A page's title with the brand, "Sign in | 7Stars Event" (meta.titleFormat, the public pages'
 * form, issue 27): the sign-in flow, the thank-you page, the 404s and the back office, whose tabs
 * carried no brand. The brand is the settings' title name (lib/settings/brand.ts).
 */
export async function brandedTitle(locale: string, page: string): Promise<string> {
  const [t, brand] = await Promise.all([getTranslations({ locale, namespace: 'meta' }), getBrand(locale)]);
  return t('titleFormat', { page, site: brand.titleName });
}

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
  const [t, brand, own] = await Promise.all([getTranslations({ locale, namespace: 'meta' }), getBrand(locale), pageSeo(key, locale)]);
  // What staff set for this page (/Admin/Seo) first. Else every public title carries the company's
  // name (or the suffix set for titles): "Our Services | 7Stars Event"; Home leads with it
  // (meta.homeTitleFormat).
  const title = own.title || t(key === 'home' ? 'homeTitleFormat' : 'titleFormat', { page: t(`${key}.title`), site: brand.titleName });
  // The description set in the settings is the site's: Home's, and the fallback nowhere else
  // (each other page describes itself).
  const description = own.description || (key === 'home' && brand.description) || t(`${key}.description`);
  const url = localizedUrl(locale, path);
  const image = own.image ?? brand.socialImage ?? DEFAULT_IMAGES.socialImage;
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
      siteName: brand.name,
      locale: locale === 'ar' ? 'ar_AE' : 'en_AE',
      alternateLocale: locale === 'ar' ? ['en_AE'] : ['ar_AE'],
      // The uploaded preview is cut to the same 1200x630 as the demo's (lib/settings/save.ts).
      images: [{ url: image, ...SOCIAL_IMAGE, alt: brand.name }],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}

/**
 * The metadata of a page of one row (a project, a service): the list page's metadata (`parent`)
 * with the row's own address, title (staff's search title, else "Name | Brand"), description
 * and share image (the row's, cut to 1200x630; the site's when it has none).
 */
export async function detailMetadata(
  locale: string,
  parent: PageKey,
  page: {
    path: string;
    name: string;
    seoTitle: string;
    description: string;
    image: string | null;
    imageAlt: string;
    type: 'article' | 'website';
  },
): Promise<Metadata> {
  const [base, t] = await Promise.all([pageMetadata(locale, parent), getTranslations({ locale, namespace: 'meta' })]);
  const url = localizedUrl(locale, page.path);
  const title = page.seoTitle || t('titleFormat', { page: page.name, site: String(base.openGraph?.siteName ?? '') });
  const description = snippet(page.description) || String(base.description ?? '');
  const { image } = page;
  return {
    ...base,
    title,
    description,
    alternates: { canonical: url, languages: languageAlternates(page.path) },
    openGraph: {
      ...base.openGraph,
      type: page.type,
      url,
      title,
      description,
      ...(image ? { images: [{ url: image, ...SOCIAL_IMAGE, alt: page.imageAlt }] } : {}),
    },
    twitter: { card: 'summary_large_image', title, description, ...(image ? { images: [image] } : { images: base.twitter?.images }) },
  };
}

/** The sitemap's entries of the public pages, English then Arabic each (app/sitemap.ts adds the projects). */
export function sitemapPages() {
  return PUBLIC_PAGES.flatMap(({ path, sitemap: { changeFrequency, priority } }) =>
    routing.locales.map((locale) => ({
      url: localizedUrl(locale, path),
      changeFrequency,
      priority,
      alternates: { languages: languageAlternates(path) },
    })),
  );
}
