'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { localeCookieFor } from '@/lib/i18n/locale-cookie';

/**
 * Remembers the language of the page the visitor is reading, so an English URL opened later leads
 * to the Arabic page (next.config.ts redirects): the public site's cookie on public pages, the
 * staff's own on the back office and sign-in (lib/i18n/locale-cookie.ts). Set in the browser, so
 * background prefetches of the other language's links never change it.
 */
export function LocaleMemory({ locale }: { locale: string }) {
  const pathname = usePathname();
  useEffect(() => {
    rememberLocale(localeCookieFor(pathname), locale);
  }, [pathname, locale]);
  return null;
}

function rememberLocale(cookie: string, locale: string) {
  if (!document.cookie.split('; ').includes(`${cookie}=${locale}`)) {
    document.cookie = `${cookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
  }
}
