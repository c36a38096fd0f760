import { defineRouting } from 'next-intl/routing';
import { LOCALE_COOKIE } from './locale-cookie';

// English keeps the old URLs (/Services); Arabic lives under /ar (/ar/Services).
export const routing = defineRouting({
  locales: ['en', 'ar'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365 },
});

export const directionOf = (locale: string) => (locale === 'ar' ? 'rtl' : 'ltr');
