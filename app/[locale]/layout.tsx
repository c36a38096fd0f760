import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { cairoArabic, cairoLatin } from '@/app/fonts';
import { LocaleMemory } from '@/components/site/locale-memory';
import { EarlyControlsScript } from '@/components/site/early-controls';
import { EarlyTapReplay } from '@/components/site/early-tap-replay';
import { directionOf, routing } from '@/lib/i18n/routing';
import { getBrand } from '@/lib/settings/brand';
import { getSiteSettings } from '@/lib/settings';
import '@/app/globals.css';

// Pages are rendered on their first visit and then cached until a write expires their tags,
// so `next build` never needs a database.
// A CDN or proxy in front may keep a page at most a minute (README, "Behind a CDN"): Next sends
// `s-maxage=30, stale-while-revalidate=30` from this and `expireTime` in next.config.ts. Writes
// still expire this server's own copies at once (lib/cache.ts); this bounds the shared caches.
export const revalidate = 30;

export function generateStaticParams() {
  return [];
}

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: dark)', color: '#09090b' },
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
  ],
};

/**
 * The browser icons: PNGs made by sharp from the uploaded logo (app/icons/[name]/route.ts), named
 * by the logo's file so a new logo is a new URL; without one, the demo brand's files as they are.
 */
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const [{ logo }, brand] = await Promise.all([
    getSiteSettings(),
    params.then(({ locale }) => getBrand(hasLocale(routing.locales, locale) ? locale : routing.defaultLocale)),
  ]);
  // A page without a title of its own (a 404 answered by notFound()) still names the brand.
  const title = brand.titleName;
  if (!logo) {
    return {
      title,
      icons: { icon: [{ url: '/brand/icon.svg', type: 'image/svg+xml' }], apple: [{ url: '/brand/apple-icon.png', sizes: '180x180' }] },
    };
  }
  const v = encodeURIComponent(logo);
  return {
    title,
    icons: {
      icon: [{ url: `/icons/icon.png?v=${v}`, type: 'image/png', sizes: '192x192' }],
      apple: [{ url: `/icons/apple-icon.png?v=${v}`, type: 'image/png', sizes: '180x180' }],
    },
  };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const dir = directionOf(locale);
  return (
    // Dark is the default; EarlyControlsScript removes it before paint when the visitor chose light.
    <html lang={locale} dir={dir} className={`dark ${cairoLatin.variable} ${cairoArabic.variable}`} suppressHydrationWarning>
      <head>
        <EarlyControlsScript />
      </head>
      <body className="min-h-svh font-sans">
        {children}
        <LocaleMemory locale={locale} />
        {/* Last: it replays taps made before hydration once every component is ready. */}
        <EarlyTapReplay />
      </body>
    </html>
  );
}
