// The Content-Security-Policy of the site's pages, stated once for the two places that send it:
// the HTTP server (server/main.ts) gives every answer the cached pages' policy before Next
// answers, and proxy.ts replaces it with a per-request nonce policy on the pages rendered for each
// request (the back office and the sign-in flow), as Next's CSP guide documents.
//
// Both policies are a fixed size, whatever a page holds (issue 24: one hash per inline script grew
// the header with the page until nginx refused it, 8.3 KB at 1,008 events).
// - Cached pages (rendered once, kept, served to everyone) cannot carry a per-request nonce, and
//   React's flight data arrives as inline scripts whose number grows with the page: they get the
//   guide's "without nonces" policy, `script-src 'self' 'unsafe-inline'`. What they render is the
//   company's own content through React (escaped), never a visitor's input.
// - Pages rendered per request get `'nonce-…' 'strict-dynamic'` (Next puts the nonce on its own
//   scripts) plus the hashes of our few fixed inline scripts (the head script), given by the caller.
// Everything else is the same strict list for both. Styles allow inline: React and next/image write
// style attributes (docs/decisions.md).
//
// Frames: the map's origin (MAP_EMBED_URL) and the two video players (lib/video.ts), nothing else.
// Only frame-src names them: child-src would also rule workers (worker-src falls back to it), and
// every browser that runs the site reads frame-src.

import { VIDEO_FRAME_ORIGINS } from '@/lib/video';

/**
 * The origin the map frame may load from; null (no map frame allowed) for a URL that is not http(s).
 */
export function frameOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a request path is a page's (or its router payload's, or a form post's): not the API,
 * Next's files or a file (a dot in the last segment: media, icons, robots.txt, the portfolio PDF),
 * which send their own policy.
 */
export function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_next/')) return false;
  return !(path.split('/').pop() ?? '').includes('.');
}

/** frame-src's sources: the map's origin when there is one, then the video players'. */
function frameSources(map: string | null): string {
  return [...new Set([...(map ? [map] : []), ...VIDEO_FRAME_ORIGINS])].join(' ');
}

function policy(scripts: string[], frame: string | null): string {
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frameSources(frame)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The policy of the cached pages (and of every other answer the server sends before Next names
 * its own). `dev`: React's development build evaluates code (`npm run dev` only).
 */
export function cachedPagePolicy(frame: string | null, dev = false): string {
  return policy(["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : [])], frame);
}

/**
 * The policy of a page rendered for one request. `dev`: React's development build needs eval.
 */
export function noncePagePolicy({
  nonce,
  hashes,
  frame,
  dev = false,
}: {
  nonce: string;
  hashes: string[];
  frame: string | null;
  dev?: boolean;
}): string {
  return policy([`'nonce-${nonce}'`, "'strict-dynamic'", ...hashes, ...(dev ? ["'unsafe-eval'"] : [])], frame);
}
