// The site's pages, stated once. The navigation, the search box, the SEO metadata, the sitemap,
// next.config.ts's rewrites, the benchmark and the browser tests all read this list.
//
// Isomorphic and dependency-free on purpose: next.config.ts imports it through Next's config
// loader (no `@/` alias, no server-only code there) and the navigation ships it to the browser.

/** The message key of a public page: `nav.<key>` labels its link, `meta.<key>` holds its title and description. */
export type PageKey = 'home' | 'projects' | 'services' | 'team' | 'about' | 'contact' | 'privacy';

/** The `nav.<key>` message of a search box's placeholder (and label). */
export type SearchPlaceholder = 'searchEvents' | 'searchProjects' | 'searchServices' | 'searchTeam';

/** The `changefreq` values of the sitemap protocol (the ones Next's sitemap type accepts). */
type ChangeFrequency = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

export interface PublicPage {
  readonly key: PageKey;
  /** The English path as the spec spells it (the old client's URL); Arabic adds /ar in front. */
  readonly path: '/' | `/${string}`;
  /** Pages with something to search show the header search box with this placeholder. */
  readonly search?: SearchPlaceholder;
  /** False: left out of the header's navigation (the footer's "Site pages" lists every page). */
  readonly inNav?: false;
  /** Where the search box's plain GET goes before scripts run, when not to the page itself. */
  readonly searchFormTarget?: PageKey;
  readonly sitemap: { readonly priority: number; readonly changeFrequency: ChangeFrequency };
}

/** The public site, in navigation order (the footer's and the sitemap's too). */
export const PUBLIC_PAGES = [
  // Home is a cached page that never reads its query string: without scripts its search is
  // /Projects?q=, the server's search over every project (with scripts it searches in place).
  { key: 'home', path: '/', search: 'searchEvents', searchFormTarget: 'projects', sitemap: { priority: 1, changeFrequency: 'weekly' } },
  // The portfolio (issue 25): searched on the server (its form posts ?q= to the page itself).
  { key: 'projects', path: '/Projects', search: 'searchProjects', sitemap: { priority: 0.9, changeFrequency: 'weekly' } },
  { key: 'services', path: '/Services', search: 'searchServices', sitemap: { priority: 0.7, changeFrequency: 'weekly' } },
  { key: 'team', path: '/TheTeam', search: 'searchTeam', sitemap: { priority: 0.7, changeFrequency: 'weekly' } },
  { key: 'about', path: '/AboutUs', sitemap: { priority: 0.7, changeFrequency: 'weekly' } },
  { key: 'contact', path: '/ContactUs', sitemap: { priority: 0.7, changeFrequency: 'weekly' } },
  // The privacy notice the quote form's consent line links to (issue 27): in the footer, not the
  // header, whose row is full on a tablet and which lists what visitors come for.
  { key: 'privacy', path: '/Privacy', inNav: false, sitemap: { priority: 0.3, changeFrequency: 'yearly' } },
] as const satisfies readonly PublicPage[];

/** The sign-in flow's pages (app/[locale]/(auth)), outside the navigation and the sitemap. */
export const AUTH_SEGMENTS = ['LogIn', 'SignUp', 'AwaitingApproval', 'ForgotPassword', 'ResetPassword', 'Invitation', 'Setup'] as const;

/** The back office's first segment (app/[locale]/Admin). */
export const ADMIN_SEGMENT = 'Admin';

/**
 * The staff's pages: the sign-in flow and the back office. They keep a language of their own
 * (lib/i18n/locale-cookie.ts), so previewing the public site in the other language leaves them be.
 */
export const STAFF_SEGMENTS: readonly string[] = [...AUTH_SEGMENTS, ADMIN_SEGMENT];

/** Whether a URL path (with or without its /ar or /en prefix, in any letter case) is a staff page. */
export function isStaffPath(pathname: string): boolean {
  const first = pathname
    .replace(/^\/(?:ar|en)(?=\/|$)/i, '')
    .split('/')[1]
    ?.toLowerCase();
  return STAFF_SEGMENTS.some((segment) => segment.toLowerCase() === first);
}

/**
 * Every first path segment of a page but Home's, in the spec's spelling. next.config.ts rewrites
 * each of them in any letter case (the old client matched routes case-insensitively).
 */
export const CANONICAL_SEGMENTS: readonly string[] = [
  ...PUBLIC_PAGES.flatMap((page) => (page.path === '/' ? [] : [page.path.slice(1)])),
  ...AUTH_SEGMENTS,
  ADMIN_SEGMENT,
];

/** The English path of a public page. */
export function pagePath(key: PageKey): PublicPage['path'] {
  // PUBLIC_PAGES names every PageKey, so the lookup always finds one.
  return PUBLIC_PAGES.find((page) => page.key === key)!.path;
}

/** The pages of the header's navigation (the public pages but those marked `inNav: false`). */
export const NAV_PAGES: readonly PublicPage[] = PUBLIC_PAGES.filter((page) => !('inNav' in page));

/** The project page of a slug (its English path). */
export const projectPath = (slug: string) => `/Projects/${slug}`;

/** The service page of a slug (its English path). */
export const servicePath = (slug: string) => `/Services/${slug}`;

/** Where the search form of the page at an unprefixed path sends its GET: another page's English path, or undefined for itself. */
export function searchFormTarget(path: string): PublicPage['path'] | undefined {
  for (const page of PUBLIC_PAGES) if ('searchFormTarget' in page && page.path === path) return pagePath(page.searchFormTarget);
  return undefined;
}

/** The search placeholder of the page at an unprefixed path, or undefined where there is no search box. */
export function searchPlaceholder(path: string): SearchPlaceholder | undefined {
  for (const page of PUBLIC_PAGES) if ('search' in page && page.path === path) return page.search;
  return undefined;
}

/** The URL path of a page in a language: English keeps the old paths, Arabic lives under /ar. */
export function localePath(locale: string, path: string): string {
  if (locale !== 'ar') return path;
  return path === '/' ? '/ar' : `/ar${path}`;
}
