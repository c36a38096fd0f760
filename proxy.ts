import { createHash, randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { EARLY_CONTROLS_CODE } from '@/components/site/early-controls-code';
import { RETURN_COOKIE, RETURN_COOKIE_MAX_AGE, RETURN_PARAM, WANTED_PATH_HEADER, safeReturnPath } from '@/lib/auth/return-path';
import { frameOrigin, noncePagePolicy } from '@/lib/http/csp';
import { mapEmbedUrl } from '@/lib/http/map-embed';
import { ADMIN_SCREEN_FOLDERS } from '@/lib/admin/rewrites';

// The pages rendered per request (back office, sign-in), matched here only, not to slow the cached pages: a
// Content-Security-Policy with a fresh nonce as Next's CSP guide documents (on the request, where Next reads it, and
// on the answer; cached pages keep the server's policy), and the back-office page a signed-out visitor asked for
// (lib/auth/return-path.ts: a request header for the guard's redirect, and `next` made a cookie before /LogIn shows).

/** Our one fixed inline script, allowed by hash (it has no nonce on cached pages). */
const HASHES = [`'sha256-${createHash('sha256').update(EARLY_CONTROLS_CODE, 'utf8').digest('base64')}'`];
const SIGN_IN = /^\/(?:ar\/)?login$/i;
/** A bespoke back-office screen's address in any letter case (`/admin/users`, `/ar/Admin/backups/…`). */
const SCREEN = new RegExp(`^(/ar)?/admin/(${ADMIN_SCREEN_FOLDERS.join('|')})(?=/|$)`, 'i');

/**
 * A bespoke screen has one spelling, its folder's: another letter case is sent there, its query
 * kept (the content areas' lists and forms are served in any case, as the old client's links have them).
 */
function canonicalScreen(request: NextRequest): NextResponse | null {
  const { pathname } = request.nextUrl;
  const match = SCREEN.exec(pathname);
  if (!match || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const folder = ADMIN_SCREEN_FOLDERS.find((name) => name.toLowerCase() === match[2]!.toLowerCase())!;
  const canonical = `${match[1] ? '/ar' : ''}/Admin/${folder}`;
  if (match[0] === canonical) return null;
  const url = request.nextUrl.clone();
  url.pathname = `${canonical}${pathname.slice(match[0].length)}`;
  return NextResponse.redirect(url, 308);
}

export function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  if (SIGN_IN.test(pathname) && searchParams.has(RETURN_PARAM) && (request.method === 'GET' || request.method === 'HEAD')) {
    const clean = request.nextUrl.clone();
    clean.searchParams.delete(RETURN_PARAM);
    const response = NextResponse.redirect(clean);
    const wanted = safeReturnPath(searchParams.get(RETURN_PARAM));
    // A refused value also clears an earlier one: signing in then leads to the back office's home.
    if (wanted) response.cookies.set(RETURN_COOKIE, wanted, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: RETURN_COOKIE_MAX_AGE });
    else response.cookies.delete(RETURN_COOKIE);
    return response;
  }
  const respelled = canonicalScreen(request);
  if (respelled) return respelled;
  const nonce = randomBytes(16).toString('base64');
  const policy = noncePagePolicy({ nonce, hashes: HASHES, frame: frameOrigin(mapEmbedUrl()), dev: process.env.NODE_ENV === 'development' });
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', policy);
  // Set on every request it matches, so a value sent by the client never reaches the guard.
  headers.set(WANTED_PATH_HEADER, `${pathname}${search}`);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // lib/pages.ts's ADMIN_SEGMENT and the sign-in page, unprefixed and Arabic, in any letter case as
  // next.config.ts rewrites them (the matcher is case-sensitive). It must be a literal.
  matcher: ['/((?:ar/)?[Aa][Dd][Mm][Ii][Nn](?:/.*)?)', '/((?:ar/)?[Ll][Oo][Gg][Ii][Nn])'],
};
