import { defineRouting } from 'next-intl/routing';

// English keeps the old URLs (/Services); Arabic lives under /ar (/ar/Services).
export const routing = defineRouting({
  locales: ['en', 'ar'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  // No cookie of next-intl's: its Link and router would write one cookie (NEXT_LOCALE) on every
  // language switch, the back office's included. The language cookies are ours, one for the
  // public site and one for the staff pages (lib/i18n/locale-cookie.ts), written by LocaleMemory
  // and the head script's toggle handler.
  localeCookie: false,
});

export const directionOf = (locale: string) => (locale === 'ar' ? 'rtl' : 'ltr');
