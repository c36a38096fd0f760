/**
 * The cookie that remembers the visitor's language: written in the browser (LocaleMemory), read by
 * next-intl's navigation and by the redirects in next.config.ts.
 */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
