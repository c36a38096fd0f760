import type { ReactNode } from 'react';
import type { Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { cairoArabic, cairoLatin } from '@/app/fonts';
import { LocaleMemory } from '@/components/site/locale-memory';
import { EarlyControlsScript } from '@/components/site/early-controls';
import { EarlyTapReplay } from '@/components/site/early-tap-replay';
import { directionOf, routing } from '@/lib/i18n/routing';
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
