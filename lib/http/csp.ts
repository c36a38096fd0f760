// The Content-Security-Policy of the site's pages, for the two places that send it: the HTTP server
// (server/main.ts) gives every page answer the cached pages' policy, and proxy.ts replaces it with a
// nonce policy on the pages rendered per request, as Next's CSP guide documents. Both are a fixed size
// whatever a page holds (issue 24: a hash per inline script grew the header until nginx refused it).
// Cached pages cannot carry a nonce, and React's flight data is inline scripts that grow with the
// page: they get the guide's "without nonces" `'self' 'unsafe-inline'` (they render only the company's
// content, escaped by React). Styles allow inline: React writes style attributes. Frames: the map's
// origin and the video players only, in frame-src (child-src would also rule workers).
import { VIDEO_FRAME_ORIGINS } from '@/lib/video';

/** The origin the map frame may load from; null (no map frame) for a URL that is not http(s). */
export function frameOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** A page's path (or its router payload's, or a form post's): not the API, Next's files or a file (a dot in the last segment), which send their own policy. */
export function isPagePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_next/')) return false;
  return !(path.split('/').pop() ?? '').includes('.');
}

function policy(scripts: string[], frame: string | null): string {
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${[...new Set([...(frame ? [frame] : []), ...VIDEO_FRAME_ORIGINS])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The cached pages' policy. `dev`: React's development build evaluates code (`npm run dev` only). */
export const cachedPagePolicy = (frame: string | null, dev = false): string =>
  policy(["'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : [])], frame);

/** A page rendered for one request: its nonce, and the hashes of our few fixed inline scripts (the head script). */
export const noncePagePolicy = (o: { nonce: string; hashes: string[]; frame: string | null; dev?: boolean }): string =>
  policy([`'nonce-${o.nonce}'`, "'strict-dynamic'", ...o.hashes, ...(o.dev ? ["'unsafe-eval'"] : [])], o.frame);
