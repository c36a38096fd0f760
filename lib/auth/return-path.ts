import { ADMIN_SEGMENT } from '@/lib/pages';

// Where signing in leads: the back-office page the visitor asked for (issue 26, "Staff comfort").
// The guard sends a signed-out visitor to /LogIn?next=<path>; proxy.ts moves that value into a
// short-lived cookie and answers with the clean /LogIn (so the address bar, and every link to the
// sign-in page, stay as they were); the sign-in action reads the cookie and goes there. Each step
// checks the value again with `safeReturnPath`, so only a path of our own back office is ever
// followed, never another site (an open redirect). Isomorphic: proxy.ts and the action both use it.

/** The sign-in page's query parameter that carries the wanted path (the guard's redirect). */
export const RETURN_PARAM = 'next';

/** The cookie that keeps the wanted path between the sign-in page and its form's action. */
export const RETURN_COOKIE = 'sevenstars-return';

/** Long enough to type a password and look it up; short enough that a path asked for earlier does not surprise a later sign-in. */
export const RETURN_COOKIE_MAX_AGE = 15 * 60;

/** The request header proxy.ts fills with the back-office URL asked for (path and query), for the guard's redirect. */
export const WANTED_PATH_HEADER = 'x-sevenstars-wanted-path';

// Longer than any real back-office URL (the project list's filters are a few dozen characters).
const MAX_LENGTH = 1024;

// Letters, digits and these only in the path: the back office's paths are ASCII words and ids.
// No `%` (so no encoded slash, backslash or dot), no `\`, no `//`: nothing a browser could read
// as another host.
const PATH = new RegExp(`^(?:/ar)?/${ADMIN_SEGMENT}(?:/[A-Za-z0-9_-]+)*$`, 'i');

// Anything a URL parser resolves relative to the current host; never leaves it.
const BASE = 'http://return-path.invalid';

/**
 * The back-office path (with its query, without a fragment) that `raw` names, or null for anything
 * else: an absolute URL, a protocol-relative or backslashed one, encoded or control characters,
 * dot segments, or a path outside `/Admin` (optionally under `/ar`).
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  // Printable ASCII only, no backslash: a browser turns `\` into `/` and skips tabs and newlines,
  // so `/\evil.com` or `/\t/evil.com` would lead elsewhere.
  if (!/^[\x21-\x7e]+$/.test(raw) || raw.includes('\\') || raw.includes('#')) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  // The parser resolves `..` (also as `%2e%2e`); what it gives must be the very path that was sent.
  if (url.origin !== BASE) return null;
  const rawPath = raw.split('?')[0];
  if (url.pathname !== rawPath || !PATH.test(url.pathname)) return null;
  return `${url.pathname}${url.search}`;
}
