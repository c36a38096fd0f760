// When Next cannot answer a page (a 5xx, e.g. PostgreSQL is down and the page's cache entry was
// expired by a write), the visitor gets, instead of Next's error page:
//   1. the page's last good copy, if lib/cache-handler.mjs kept one when a write expired it
//      (stale-if-error; marked `X-Page-Replay: stale`), else
//   2. a branded, self-contained "temporarily unavailable" page with 503 and Retry-After, in the
//      page's language (`/ar...` is Arabic), worded from messages/*.json. No script and no
//      external resource, so it renders under any Content-Security-Policy that allows inline style.
// Only plain page requests (GET/HEAD of a page URL) are touched: /api answers its own JSON 503,
// and Next's files, images and the router's own requests keep their status for their callers.
//
// Plain JavaScript: it runs in the HTTP server process (scripts/serve.mjs), outside Next's build.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { headerValue } from './header-value.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse} ServerResponse
 * @typedef {{ status: number, headers: (string | string[])[], body: Buffer }} Replay
 * @typedef {(req: IncomingMessage) => { stored: Replay } | undefined} FindStale
 */

/** Seconds a visitor's browser (or a crawler) is asked to wait; the same as /api's (lib/db/faults.ts). */
export const RETRY_AFTER_SECONDS = 5;

const NOT_PAGE_PREFIXES = ['/api/', '/_next/'];
/**
 * Headers of the failed answer that the branded page keeps: the site's own security headers
 * (next.config.ts) and the request id. Everything else described the failed body and goes.
 */
const KEPT_HEADERS = new Set([
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
  'strict-transport-security',
  'content-security-policy',
  'x-request-id',
]);

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Whether a request is a page a person (or crawler) asked for.
 * @param {IncomingMessage} req
 */
export function isPageRequest(req) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (NOT_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  // Files (images, icons, robots.txt) have a dot in their last segment; page URLs never do.
  if ((pathname.split('/').pop() ?? '').includes('.')) return false;
  return true;
}

/** @param {unknown} type */
const isHtml = (type) => String(type ?? '').startsWith('text/html');

/** @param {string | undefined} url */
export const localeOf = (url) => (/^\/ar(?:[/?#]|$)/.test(url ?? '') ? 'ar' : 'en');

/**
 * Which content codings an Accept-Encoding header takes (`identity` always).
 * @param {string | undefined} header
 */
export function acceptedCodings(header) {
  /** @type {Set<string>} */
  const codings = new Set(['identity']);
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((token) => token.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (coding && (q === undefined || Number(q.slice(2)) > 0)) codings.add(coding);
  }
  return codings;
}

/**
 * The branded page in one language, from the project's messages.
 * @param {'en' | 'ar'} locale
 * @param {any} messages
 */
export function unavailableHtml(locale, messages) {
  const words = messages.unavailable;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return `<!DOCTYPE html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.title)} – ${escapeHtml(messages.meta.siteName)}</title>
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
<p class="brand">${escapeHtml(messages.meta.siteName)}</p>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.text)}</p>
<a href="HREF">${escapeHtml(words.retry)}</a>
</main>
</body>
</html>
`;
}

/**
 * @param {{ root: string, findStale: FindStale }} options
 * @returns {(req: IncomingMessage, res: ServerResponse) => void}
 */
export function unavailablePages({ root, findStale }) {
  /** @type {Record<'en' | 'ar', string>} */
  const pages = {
    en: unavailableHtml('en', JSON.parse(readFileSync(path.join(root, 'messages/en.json'), 'utf8'))),
    ar: unavailableHtml('ar', JSON.parse(readFileSync(path.join(root, 'messages/ar.json'), 'utf8'))),
  };

  /**
   * Watches Next's answer to a page request; a 5xx HTML page is replaced before any byte of it
   * goes out. (The router's own requests, RSC payloads and actions, are answered in another
   * format, and their failures are left to the router.)
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  return function guard(req, res) {
    if (!isPageRequest(req)) return;
    const { writeHead, write, end } = res;
    /** @type {boolean | undefined} */
    let replacing;
    /** @param {number} status */
    const decide = (status, headers) =>
      (replacing ??= !res.headersSent && status >= 500 && isHtml(headerValue(headers, 'content-type') ?? res.getHeader('content-type')));

    const answerInstead = () => {
      res.writeHead = writeHead;
      res.write = write;
      res.end = end;
      const stale = findStale(req)?.stored;
      if (stale && acceptedCodings(req.headers['accept-encoding']).has(contentEncodingOf(stale))) {
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        res.writeHead(stale.status, [...stale.headers, 'X-Page-Replay', 'stale', 'Content-Length', String(stale.body.byteLength)]);
        res.end(req.method === 'HEAD' ? undefined : stale.body);
        return;
      }
      for (const name of res.getHeaderNames()) if (!KEPT_HEADERS.has(name)) res.removeHeader(name);
      const href = escapeHtml(req.url ?? '/');
      const body = Buffer.from(pages[localeOf(req.url)].replace('HREF', href));
      res.writeHead(503, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(body.byteLength),
        'Cache-Control': 'no-store',
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };

    res.writeHead = /** @type {any} */ (
      function (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) {
        if (decide(status, typeof rest[0] === 'string' ? rest[1] : rest[0])) return res;
        return /** @type {any} */ (writeHead).call(res, status, ...rest);
      }
    );
    res.write = /** @type {any} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
        if (!decide(res.statusCode)) return /** @type {any} */ (write).call(res, chunk, ...rest);
        const callback = rest.find((arg) => typeof arg === 'function');
        if (callback) process.nextTick(/** @type {() => void} */ (callback));
        return true;
      }
    );
    res.end = /** @type {any} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
        if (!decide(res.statusCode)) return /** @type {any} */ (end).call(res, chunk, ...rest);
        answerInstead();
        const callback = [chunk, ...rest].find((arg) => typeof arg === 'function');
        if (callback) res.once('finish', /** @type {() => void} */ (callback));
        return res;
      }
    );
  };
}

/** @param {Replay} stored */
function contentEncodingOf(stored) {
  for (let i = 0; i + 1 < stored.headers.length; i += 2) {
    if (String(stored.headers[i]).toLowerCase() === 'content-encoding') return String(stored.headers[i + 1]).toLowerCase();
  }
  return 'identity';
}
