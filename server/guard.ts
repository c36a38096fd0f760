import type { IncomingMessage as Req, ServerResponse as Res } from 'node:http';
import escapeHtml from 'escape-html';
import { preferredLocale } from '@/lib/http/accept-language';
import { corsHeaders, preflightHeaders } from '@/lib/http/cors';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// The answers this server gives itself (refusals, the branded 503), worded from messages/*.json.

type Locale = 'en' | 'ar';
export type ErrorCode = keyof typeof en.errors;
const CATALOGS = { en, ar } as const;

export const isApi = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');
/** The page's language (`/ar…`); on /api, the caller's preference. */
export const localeOf = (req: Req, pathname: string): Locale =>
  /^\/ar(?:\/|$)/.test(pathname) ? 'ar' : isApi(pathname) ? preferredLocale(req.headers['accept-language']) : 'en';

// A refusal: JSON `{message}` with CORS on /api (what the old client reads), plain text elsewhere but for a 413 (JSON,
// which forms read); in the caller's language unless told. `hold` ends the answer when it is time (a body still arriving).
export function refuse(req: Req, res: Res, status: number, code: ErrorCode, extra = {}, locale?: Locale, hold?: (end: () => void) => void) {
  const api = isApi((req.url ?? '/').split('?')[0]!);
  const text = CATALOGS[locale ?? preferredLocale(req.headers['accept-language'])].errors[code];
  const body = api || status === 413 ? JSON.stringify({ message: text }) : text;
  res.writeHead(status, {
    ...(api ? corsHeaders(req.headers.origin) : {}),
    ...extra,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    // The old client's JSON type on /api, as its routes send it.
    'Content-Type': api ? 'application/json' : status === 413 ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  if (req.method !== 'HEAD') res.write(body);
  if (hold) hold(() => res.end());
  else res.end();
}

/** The branded "temporarily unavailable" page: self-contained (no script, nothing external), so it renders under any policy. */
export function unavailablePage(locale: Locale, retry: string): string {
  const [words, site] = [CATALOGS[locale].unavailable, escapeHtml(CATALOGS[locale].meta.siteName)];
  return `<!DOCTYPE html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.title)} – ${site}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0b12;color:#d4d4d8;font-family:system-ui,"Segoe UI",Tahoma,Arial,sans-serif;text-align:center;line-height:1.6}
main{padding:2rem;max-width:32rem}
.brand{font-weight:700;letter-spacing:.04em;color:#d4a72c}
h1{color:#f4f4f5;font-size:1.75rem}
a{display:inline-block;padding:.6rem 1.4rem;border-radius:.5rem;background:#d4a72c;color:#0b0b12;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #f4f4f5;outline-offset:3px}
</style>
<main>
<p class="brand">${site}</p>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.text)}</p>
<a href="${escapeHtml(retry)}">${escapeHtml(words.retry)}</a>
</main>
`;
}

// Requests refused before Next sees them, in the caller's format: a method outside METHODS, 405 (pages take GET, HEAD,
// POST: Next would render a page for a PUT); a path that is not valid percent-encoding, 400 (Next threw, a 500); an
// `/api` path Next would not route to the API (`/api`, a trailing slash, an empty, dot or encoded-slash segment), JSON
// 404 with CORS (Next: HTML or a 308 the old client cannot read); a POST to a page from another site's Origin, 403
// (Next compares host names only and refuses with a 500). Forwarded scheme and host count only from TRUST_PROXY_HOPS
// proxies; untrusted copies are dropped, so Next sees what this check saw.

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PAGE_ALLOW = 'GET, HEAD, POST, OPTIONS';

const decoded = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/** `/api/<segment>[/<segment>…]` with plain segments (decoded: no dot segment, slash or control): what Next routes to the API. */
const SEGMENT = /^(?!\.\.?$)[^/\\\u0000-\u001F\u007F]+$/;
function routableApiPath(pathname: string): boolean {
  const [, , ...segments] = pathname.split('/');
  return segments.length > 0 && segments.every((raw) => SEGMENT.test(decoded(raw) ?? '/'));
}

/** The browser says the request comes from another site (no Origin at all is left to Next). */
function crossOrigin(req: Req, hops: number): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  if (req.headers.origin === undefined) return false;
  // The value the nearest trusted proxy put in a comma-separated forwarded header.
  const forwarded = (value: unknown): string => {
    const parts = hops > 0 && typeof value === 'string' ? value.split(',') : [];
    return parts[Math.max(0, parts.length - hops)]?.trim() ?? '';
  };
  const scheme = forwarded(req.headers['x-forwarded-proto']) || ('encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http');
  const host = forwarded(req.headers['x-forwarded-host']) || req.headers.host;
  const self = `${scheme}://${host}`;
  if (!host || (scheme !== 'http' && scheme !== 'https') || !URL.canParse(self) || !URL.canParse(req.headers.origin)) return true;
  return new URL(req.headers.origin).origin !== new URL(self).origin;
}

/** Answers and returns true when the request is refused; false lets it through. */
export function refused(req: Req, res: Res, pathname: string): boolean {
  const method = req.method ?? 'GET';
  const api = isApi(pathname);
  const hops = Math.max(0, Math.floor(Number(process.env.TRUST_PROXY_HOPS) || 0));
  if (!hops) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-proto'];
  }
  if (!METHODS.includes(method)) refuse(req, res, 405, 'methodNotAllowed', { Allow: api ? METHODS.join(', ') : PAGE_ALLOW });
  else if (api && routableApiPath(pathname)) return false;
  else if (api && method === 'OPTIONS') res.writeHead(204, preflightHeaders(req.headers.origin)).end();
  else if (api) refuse(req, res, 404, 'notFound');
  else if (decoded(pathname) === null) refuse(req, res, 400, 'badRequest');
  else if (method === 'OPTIONS') res.writeHead(204, { Allow: PAGE_ALLOW, 'Cache-Control': 'no-store' }).end();
  else if (!['GET', 'HEAD', 'POST'].includes(method)) refuse(req, res, 405, 'methodNotAllowed', { Allow: PAGE_ALLOW });
  else if (method === 'POST' && crossOrigin(req, hops)) refuse(req, res, 403, 'crossOrigin');
  else return false;
  return true;
}
