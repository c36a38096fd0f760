import 'server-only';
import { cache } from 'react';
import { getTranslations } from 'next-intl/server';
import { config } from '@/lib/config';
import { getSiteSettings } from './index';
import { DEFAULT_IMAGES, DEMO_SHOWREEL_URL, PORTFOLIO_PATH, siteImageUrl } from './paths';
import { parseVideoUrl, type VideoRef } from '@/lib/video';
import { inLanguage } from '@/lib/entities/bilingual';
import { parseFigures, type KeyFigure } from './figures';

// What the public site shows of the company, in one language: the settings where set, else the
// demo brand (messages/*.json and public/brand). Every page, the header, the footer, the metadata
// and the JSON-LD read these, so an empty settings row looks exactly like the demo site.

export interface Brand {
  /** The company's name in this language (or the other's, or the demo's). */
  name: string;
  /** A name was set in the settings (the demo's drawn logo would then show another company). */
  custom: boolean;
  /** What page titles end with: the suffix when set, else the name. */
  titleName: string;
  /** The site's description (home page and JSON-LD), or null for the demo's per-page words. */
  description: string | null;
  tagline: string | null;
  /** The About text's paragraphs (blank lines separate them), or null for the demo's. */
  about: string[] | null;
  /** The uploaded logo's URL (served by the media route), or null for the demo's drawn logo. */
  logo: string | null;
  socialImage: string | null;
  /** The About page's picture: the uploaded one, else the demo brand's. */
  aboutImage: string;
  portfolioUrl: string;
  /** The key figures (Home, About): the settings', else the demo's (messages/*.json home.figures). */
  figures: KeyFigure[];
  /** Home's showreel: the saved one, else the demo's while the demo brand is in use; null: none. */
  showreel: { video: VideoRef; poster: string } | null;
}

/** A multi-line setting's paragraphs: blank lines separate them (the About text, the privacy notice). */
export const paragraphs = (text: string): string[] =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** The showreel's video, if the address is one (a row written around the save path may hold anything), and its poster. */
function showreelOf(url: string, poster: string | null): Brand['showreel'] {
  const video = url ? parseVideoUrl(url) : null;
  return video ? { video, poster: poster ? siteImageUrl(poster) : DEFAULT_IMAGES.showreelPoster } : null;
}

/** The brand in one language; once per render (the header, footer, logos and metadata all ask). */
export const getBrand = cache(async function getBrand(locale: string): Promise<Brand> {
  const [settings, t, home] = await Promise.all([
    getSiteSettings(),
    getTranslations({ locale, namespace: 'meta' }),
    getTranslations({ locale, namespace: 'home' }),
  ]);
  // A name set in one language only is still the company's name in the other (a brand is rarely translated).
  const name = inLanguage(settings, 'companyName', locale) || inLanguage(settings, 'companyName', locale === 'ar' ? 'en' : 'ar');
  const about = inLanguage(settings, 'about', locale);
  return {
    name: name || t('siteName'),
    custom: name !== '',
    titleName: inLanguage(settings, 'titleSuffix', locale) || name || t('siteName'),
    description: inLanguage(settings, 'description', locale) || null,
    tagline: inLanguage(settings, 'tagline', locale) || null,
    about: about ? paragraphs(about) : null,
    logo: settings.logo ? siteImageUrl(settings.logo) : null,
    socialImage: settings.socialImage ? siteImageUrl(settings.socialImage) : null,
    aboutImage: settings.aboutImage ? siteImageUrl(settings.aboutImage) : DEFAULT_IMAGES.aboutImage,
    portfolioUrl: settings.portfolio ? PORTFOLIO_PATH : config.portfolioUrl,
    figures: parseFigures(inLanguage(settings, 'figures', locale) || home('figures')),
    showreel: showreelOf(settings.showreelUrl || (name ? '' : DEMO_SHOWREEL_URL), settings.showreelPoster),
  };
});
