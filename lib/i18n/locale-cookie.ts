import { isStaffPath } from '../pages';

/**
 * The cookie that remembers the visitor's language on the public site: written in the browser
 * (LocaleMemory, and the language toggle's click in the head script), read by the redirects in
 * next.config.ts, and as part of the HTTP cache's key (server/page-cache.ts), since those
 * redirects answer the same URL differently by it.
 */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/**
 * The staff pages' own language (the back office and sign-in, lib/pages.ts STAFF_SEGMENTS),
 * written and read the same way: reading the Arabic site in another tab must not turn the back
 * office Arabic, nor the other way round (issue 26). Those pages are never cached for the public.
 */
export const ADMIN_LOCALE_COOKIE = 'ADMIN_LOCALE';

/** The cookie that remembers the language of the page at this URL path. */
export const localeCookieFor = (pathname: string) => (isStaffPath(pathname) ? ADMIN_LOCALE_COOKIE : LOCALE_COOKIE);
