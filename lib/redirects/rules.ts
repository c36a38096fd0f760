// The rules of redirects and of the 404 monitor (issue 37, docs/redirects.md), shared by the HTTP
// server that serves and counts them (server/redirects.ts, server/not-found.ts) and the back
// office that saves them (lib/redirects/write.ts). Isomorphic and import-free: each limit is stated
// here once.

export const REDIRECT_LIMITS = {
  /** Redirects at most: the HTTP server holds them all in memory, and each save checks them all for chains. */
  rows: 2_000,
  /** A source path's length (encoded). */
  pathChars: 300,
  /** A target's length (a full URL may carry a long query). */
  targetChars: 2_000,
  /** How often each HTTP server asks whether the table changed (a save is served everywhere within a second). */
  pollMs: 250,
  /** How often each HTTP server adds up the hits it counted. */
  hitFlushMs: 1_000,
} as const;

export const NOT_FOUND_LIMITS = {
  /** Rows kept: the most asked-for and the latest; an anonymous flood of random paths cannot grow the table past it. */
  rows: 1_000,
  /** Distinct paths one HTTP server holds between two flushes; more are counted as dropped, not kept. */
  bufferPaths: 500,
  /** How often each HTTP server writes what it counted. */
  flushMs: 5_000,
  /** A path not asked for in this many days leaves the list. */
  keepDays: 30,
  /** Longer paths are not counted (nobody types them; a probe sends them). */
  pathChars: 300,
  /** The screen's page. */
  pageSize: 50,
} as const;

/** Redirects listed on one page of the screen. */
export const REDIRECT_PAGE_SIZE = 50;

export const REDIRECT_STATUSES = [301, 302] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

// The back office, the API, sign-in and the framework's own files keep their addresses: a
// redirect over them could lock staff out or break the old client.
const RESERVED =
  /^\/(?:ar\/)?(?:api|admin|_next|login|signup|setup|invitation|resetpassword|forgotpassword|awaitingapproval|media|healthz|readyz)(?:\/|$)/i;
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007F-\u009F\\]/;

/**
 * A path as a request carries it, the way redirects are matched: percent-encoded as a browser sends
 * it, no trailing slash (but "/"), lower case (the site's paths match in any letter case). Null when
 * it is no plain path of this site.
 */
export function pathKey(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || CONTROL_OR_SPACE.test(path)) return null;
  let pathname: string;
  try {
    const url = new URL(path, 'http://site.invalid');
    if (url.host !== 'site.invalid') return null;
    pathname = url.pathname;
  } catch {
    return null;
  }
  // Dot segments are resolved by URL: "/a/../b" is "/b", which is what a browser asks for.
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return trimmed.toLowerCase();
}

export type SourceProblem = 'redirectFromInvalid' | 'redirectFromQuery' | 'redirectFromReserved' | 'redirectFromTooLong';

/** A source as staff typed it: the normalised path to store (its spelling kept) and its key, or what is wrong. */
export function parseSource(raw: string): { path: string; key: string } | { problem: SourceProblem } {
  const typed = raw.trim();
  if (/[?#]/.test(typed)) return { problem: 'redirectFromQuery' };
  const key = pathKey(typed);
  if (key === null) return { problem: 'redirectFromInvalid' };
  if (key.length > REDIRECT_LIMITS.pathChars) return { problem: 'redirectFromTooLong' };
  if (key === '/' || key === '/ar' || RESERVED.test(key)) return { problem: 'redirectFromReserved' };
  const url = new URL(typed, 'http://site.invalid');
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return { path, key };
}

export type TargetProblem = 'redirectToInvalid' | 'redirectToTooLong';

/**
 * A target as staff typed it: a path of this site (a query and a fragment allowed) or a full http(s)
 * URL without credentials. Anything a browser could read as another host ("//evil.example",
 * "/\\evil.example", "https:evil.example") or as script ("javascript:") is refused.
 */
export function parseTarget(raw: string, siteOrigin: string): { url: string; key: string | null } | { problem: TargetProblem } {
  const typed = raw.trim();
  if (typed.length > REDIRECT_LIMITS.targetChars) return { problem: 'redirectToTooLong' };
  if (!typed || CONTROL_OR_SPACE.test(typed)) return { problem: 'redirectToInvalid' };
  if (typed.startsWith('/')) {
    const key = pathKey(typed.split(/[?#]/)[0]!);
    if (key === null) return { problem: 'redirectToInvalid' };
    // Encoded as a browser sends it (an Arabic path is percent-encoded): a header carries it as is.
    const url = new URL(typed, 'http://site.invalid');
    return { url: `${url.pathname}${url.search}${url.hash}`, key };
  }
  if (!/^https?:\/\/[^/]/i.test(typed) || !URL.canParse(typed)) return { problem: 'redirectToInvalid' };
  const url = new URL(typed);
  if (url.username || url.password || !url.hostname) return { problem: 'redirectToInvalid' };
  // A full URL of this site is a path of it for the loop and chain checks.
  const own = URL.canParse(siteOrigin) && url.origin === new URL(siteOrigin).origin;
  return { url: url.href, key: own ? pathKey(url.pathname) : null };
}

/**
 * Where a matched request goes: a path target gets the request's query when it has none of its own.
 * The query as a browser sends it (printable ASCII); anything else a client put in it is left out,
 * never written into the Location header.
 */
export function location(target: string, requestQuery: string): string {
  if (!target.startsWith('/') || !requestQuery || /[?#]/.test(target) || !/^[\x21-\x7E]+$/.test(requestQuery)) return target;
  return `${target}?${requestQuery}`;
}

// The 404 monitor counts what a person asked for: not a crawler, not a probe for files we never had.
const BOT =
  /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|preview|curl|wget|python|go-http|java\/|libwww|httpclient|headless|scan|monitor|^$/i;
const PROBE =
  /^\/(?:\.|wp-|wordpress|cgi-bin|phpmyadmin|xmlrpc|vendor\/|autodiscover|owa\/|ecp\/|boaform|actuator|hnap1|solr|geoserver|remote\/)/i;
// An address with a file extension is a file (an image, a script, a config), which a page never
// was, but for the page kinds an old site may have had.
const FILE = /\.(?!html?$|php$|aspx?$)[a-z0-9]{1,8}$/i;

/** Whether a 404 of this path, asked for with this User-Agent, is worth counting. */
export function countsAsNotFound(path: string, userAgent: string | undefined): boolean {
  // A browser sends a path percent-encoded: anything else is no person's, and is kept out of the table.
  if (path.length > NOT_FOUND_LIMITS.pathChars || !/^[\x21-\x7E]+$/.test(path) || BOT.test(userAgent ?? '')) return false;
  return !PROBE.test(path) && !FILE.test(path) && !path.includes('..');
}
