import { createHash, randomBytes } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { EARLY_CONTROLS_CODE } from '@/components/site/early-controls-code';
import { RETURN_COOKIE, RETURN_COOKIE_MAX_AGE, RETURN_PARAM, WANTED_PATH_HEADER, safeReturnPath } from '@/lib/auth/return-path';
import { frameOrigin, noncePagePolicy } from '@/lib/http/csp';
import { mapEmbedUrl } from '@/lib/http/map-embed';

// The pages rendered for each request (the back office and sign-in) get a Content-Security-Policy
// with a fresh nonce, the way Next's CSP guide documents it: the policy goes on the request, where
// Next reads the nonce and puts it on its own scripts, and on the answer. Cached pages cannot carry
// a per-request nonce: they keep the policy the HTTP server gives every answer (lib/http/csp).
// Matched on those pages only: a proxy on every request would cost the cached pages' fast path.

/** The inline scripts of ours that every page carries, allowed by hash (they have no nonce on cached pages). */
const HASHES = [`'sha256-${createHash('sha256').update(EARLY_CONTROLS_CODE, 'utf8').digest('base64')}'`];

// It also keeps the back-office page a signed-out visitor asked for (lib/auth/return-path.ts): it
// names the page in a request header for the guard's redirect to /LogIn?next=…, and turns that
// `next` into a short-lived cookie before the sign-in page shows, so /LogIn keeps its plain URL.
// Routing only: whether anyone is signed in is the guard's business, never the proxy's.

const SIGN_IN = /^\/(?:ar\/)?login$/i;

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
  const policy = noncePagePolicy({
    nonce: randomBytes(16).toString('base64'),
    hashes: HASHES,
    frame: frameOrigin(mapEmbedUrl()),
    dev: process.env.NODE_ENV === 'development',
  });
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', policy);
  // Set on every request it matches, so a value sent by the client never reaches the guard.
  headers.set(WANTED_PATH_HEADER, `${pathname}${search}`);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // lib/pages.ts's ADMIN_SEGMENT and the sign-in page, in English (unprefixed) and Arabic, in any
  // letter case as next.config.ts rewrites them (the old client's URLs were case-insensitive;
  // the matcher itself is not). It must be a literal.
  matcher: ['/((?:ar/)?[Aa][Dd][Mm][Ii][Nn](?:/.*)?)', '/((?:ar/)?[Ll][Oo][Gg][Ii][Nn])'],
};
