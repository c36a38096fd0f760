import type { IncomingMessage, ServerResponse } from 'node:http';
import escapeHtml from 'escape-html';
import { preferredLocale } from '@/lib/http/accept-language';
import { corsHeaders } from '@/lib/http/cors';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// The answers this server gives itself (refusals, the branded 503), worded from messages/*.json.

export type ErrorCode = keyof typeof en.errors;
const CATALOGS = { en, ar } as const;

export const isApi = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');
/** The page's language (`/ar...`); on /api, the caller's preference. */
export function localeOf(req: IncomingMessage, pathname: string): 'en' | 'ar' {
  if (/^\/ar(?:\/|$)/.test(pathname)) return 'ar';
  return isApi(pathname) ? preferredLocale(req.headers['accept-language']) : 'en';
}

export const message = (locale: 'en' | 'ar', code: ErrorCode): string => CATALOGS[locale].errors[code];

const COMMON = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/**
 * A refusal: JSON `{message}` with CORS on /api (what the old client reads), plain text elsewhere;
 * in the caller's language (Accept-Language) unless told.
 */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  code: ErrorCode,
  extra: Record<string, string> = {},
  locale?: 'en' | 'ar',
  /** Ends the answer when it is time (server/forward.ts `endAfterBody`: a body still arriving); at once without it. */
  hold?: (end: () => void) => void,
): void {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  const text = message(locale ?? preferredLocale(req.headers['accept-language']), code);
  const api = isApi(pathname);
  const body = api || status === 413 ? JSON.stringify({ message: text }) : text;
  res.writeHead(status, {
    ...(api ? corsHeaders(req.headers.origin) : {}),
    ...extra,
    ...COMMON,
    // The old client's JSON type on /api, as its routes send it.
    'Content-Type': api ? 'application/json' : status === 413 ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  if (req.method !== 'HEAD') res.write(body);
  if (hold) hold(() => res.end());
  else res.end();
}

/**
 * A branded, self-contained "temporarily unavailable" page (no script, no external resource), for
 * a page Next could not render and that has no last good copy.
 */
export function unavailablePage(locale: 'en' | 'ar', retry: string): string {
  const words = CATALOGS[locale].unavailable;
  const site = escapeHtml(CATALOGS[locale].meta.siteName);
  return `<!DOCTYPE html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.title)} – ${site}</title>
<style>
html{color-scheme:dark light}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0b12;color:#f4f4f5;font-family:system-ui,"Segoe UI",Tahoma,Arial,sans-serif;text-align:center}
main{padding:2rem;max-width:32rem}
.brand{font-weight:700;letter-spacing:.04em;color:#d4a72c;margin:0 0 1.5rem}
h1{font-size:1.75rem;margin:0 0 1rem}
p{line-height:1.6;margin:0 0 1.5rem;color:#d4d4d8}
a{display:inline-block;padding:.6rem 1.4rem;border-radius:.5rem;background:#d4a72c;color:#0b0b12;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #f4f4f5;outline-offset:3px}
</style>
</head>
<body>
<main>
<p class="brand">${site}</p>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.text)}</p>
<a href="${escapeHtml(retry)}">${escapeHtml(words.retry)}</a>
</main>
</body>
</html>
`;
}
