/**
 * The cookie that remembers the visitor's language: written in the browser (LocaleMemory), read by
 * next-intl's navigation, by the redirects in next.config.ts, and as part of the HTTP cache's key
 * (server/page-cache.ts), since those redirects answer the same URL differently by it.
 */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
