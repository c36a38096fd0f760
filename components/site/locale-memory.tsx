'use client';

import { useEffect } from 'react';
import { LOCALE_COOKIE } from '@/lib/i18n/locale-cookie';

/**
 * Remembers the language of the page the visitor is reading (the NEXT_LOCALE cookie), so an
 * English URL opened later leads to the Arabic page (next.config.ts redirects). Set in the
 * browser, so background prefetches of the other language's links never change it.
 */
export function LocaleMemory({ locale }: { locale: string }) {
  useEffect(() => {
    rememberLocale(locale);
  }, [locale]);
  return null;
}

export function rememberLocale(locale: string) {
  if (!document.cookie.split('; ').includes(`${LOCALE_COOKIE}=${locale}`)) {
    document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  }
}
