// Requests refused before Next sees them (scripts/serve.mjs calls this first):
//
// - a method outside GET/HEAD/POST/PUT/PATCH/DELETE/OPTIONS (TRACE, PROPFIND, …): 405; outside
//   /api, pages and files take only GET/HEAD/POST (POST carries server and form actions), so
//   PUT/PATCH/DELETE there are a 405 too (Next would render the page as if it were a GET), and
//   OPTIONS is answered with the Allow list (Next answered an empty 400);
// - a path that is not valid percent-encoding (`/%ff`): 400 (Next's router threw, a 500);
// - an `/api` path Next would not route as the API (`/api`, `/api/`, a trailing slash, an empty,
//   dot or encoded-dot segment, an encoded slash or backslash): Next would answer it with an HTML
//   page or a 308 without CORS, which the old client cannot read; here it is a JSON 404 with the
//   same CORS headers (lib/server/cors.mjs) and `{message}` body as every other /api answer, and
//   its preflight passes like theirs;
// - an action call whose body Next cannot decode: 400 instead of Next's 500 (see
//   `undecodableActionsAre400`);
// - a POST to a page whose Origin is another site (a forged server-action or
//   form-action call): 403. Next's own check compares host names only (an https:// Origin passed
//   for an http:// host) and refuses with a 500; this one compares scheme and host.
//
// The request's own scheme and host come from the socket and the Host header, unless
// TRUST_PROXY_HOPS (default 0) says proxies in front are trusted to tell them
// (X-Forwarded-Proto / X-Forwarded-Host). Untrusted copies of those two headers are dropped so
// that Next, which reads them, sees the same request this check saw.
//
// Plain JavaScript, like the rest of lib/server: no module loader in the serving process.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { preferredLocale } from './accept-language.mjs';
import { corsHeaders, preflightHeaders } from './cors.mjs';
import { headerValue } from './header-value.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse} ServerResponse
 */

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...METHODS].join(', ');
const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);
const PAGE_ALLOW = 'GET, HEAD, POST, OPTIONS';
const CONTROL = /[\u0000-\u001F\u007F]/;

/** @param {string} root the project folder (messages/*.json) */
export function requestGuard(root) {
  const catalogs = {
    en: JSON.parse(readFileSync(path.join(root, 'messages', 'en.json'), 'utf8')).errors,
    ar: JSON.parse(readFileSync(path.join(root, 'messages', 'ar.json'), 'utf8')).errors,
  };
  /** @param {IncomingMessage} req @param {string} code */
  const message = (req, code) => {
    const catalog = catalogs[preferredLocale(req.headers['accept-language'])];
    return String(catalog[code] ?? catalog.server ?? code);
  };

  /**
   * Answers and returns true when the request is refused; returns false to let Next have it.
   * @param {IncomingMessage} req @param {ServerResponse} res
   */
  return function guard(req, res) {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    const api = pathname === '/api' || pathname.startsWith('/api/');
    const hops = trustedHops();
    if (hops === 0) {
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-proto'];
    }

    if (!METHODS.has(method)) {
      const headers = { Allow: ALLOW };
      if (api) sendJson(req, res, 405, message(req, 'methodNotAllowed'), headers);
      else sendText(res, 405, message(req, 'methodNotAllowed'), headers);
      return true;
    }
    if (api) {
      if (routableApiPath(pathname)) return false;
      // The preflight passes, as for any other /api path, so that a browser can read the 404.
      if (method === 'OPTIONS') {
        res.writeHead(204, preflightHeaders(req.headers.origin));
        res.end();
      } else {
        sendJson(req, res, 404, message(req, 'notFound'));
      }
      return true;
    }
    // A path that is not valid percent-encoding (`/%ff`) made Next's router throw (a 500).
    if (!decodable(pathname)) {
      sendText(res, 400, message(req, 'badRequest'));
      return true;
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, { Allow: PAGE_ALLOW, 'Cache-Control': 'no-store' });
      res.end();
      return true;
    }
    if (!PAGE_METHODS.has(method)) {
      sendText(res, 405, message(req, 'methodNotAllowed'), { Allow: PAGE_ALLOW });
      return true;
    }
    if (method === 'POST' && crossOrigin(req, hops)) {
      sendText(res, 403, message(req, 'crossOrigin'));
      return true;
    }
    if (method === 'POST') undecodableActionsAre400(res);
    return false;
  };
}

/**
 * A POST to a page is a server or form action. Every action of ours answers its own refusals and
 * faults (lib/admin/actions.ts), so a 5xx streamed back as an action answer (React's flight
 * format, `text/x-component`) means Next could not decode what the client sent: broken JSON or
 * multipart, or a body that is no argument list. That is the client's mistake: a 400, with the
 * body (React's error row) unchanged. A page rendered after a form post is HTML and keeps its
 * status (a database outage there stays a 5xx).
 * @param {ServerResponse} res
 */
function undecodableActionsAre400(res) {
  const writeHead = res.writeHead;
  res.writeHead = /** @type {any} */ (
    function (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) {
      const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
      const type = String(headerValue(headers, 'content-type') ?? res.getHeader('content-type') ?? '');
      const mapped = status >= 500 && type.startsWith('text/x-component') ? 400 : status;
      return /** @type {any} */ (writeHead).call(res, mapped, ...rest);
    }
  );
}

/** `/api/<segment>[/<segment>…]` with plain segments: what Next routes to an API route handler. */
function routableApiPath(pathname) {
  if (pathname.length <= '/api/'.length) return false;
  const segments = pathname.slice('/api/'.length).split('/');
  for (const raw of segments) {
    let segment;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return false;
    }
    if (segment === '' || segment === '.' || segment === '..') return false;
    if (segment.includes('/') || segment.includes('\\') || CONTROL.test(segment)) return false;
  }
  return true;
}

function decodable(pathname) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function trustedHops() {
  const hops = Number(process.env.TRUST_PROXY_HOPS || 0);
  return Number.isSafeInteger(hops) && hops > 0 ? hops : 0;
}

/** The value the nearest trusted proxy put in a comma-separated forwarded header. */
function forwarded(value, hops) {
  if (typeof value !== 'string' || !value) return undefined;
  const parts = value.split(',').map((s) => s.trim());
  return parts[Math.max(0, parts.length - hops)] || undefined;
}

/**
 * True when the browser says the request comes from another site: an Origin (including the
 * opaque "null") whose scheme and host differ from this request's, or Sec-Fetch-Site: cross-site.
 * No Origin at all is left to Next (browsers send one with every POST; other clients can send
 * anything anyway, and CSRF is about browsers).
 * @param {IncomingMessage} req @param {number} hops
 */
function crossOrigin(req, hops) {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const scheme = (hops > 0 && forwarded(req.headers['x-forwarded-proto'], hops)) || (isTls(req) ? 'https' : 'http');
  const host = (hops > 0 && forwarded(req.headers['x-forwarded-host'], hops)) || req.headers.host;
  if (!host || (scheme !== 'http' && scheme !== 'https')) return true;
  try {
    const from = new URL(origin);
    const self = new URL(`${scheme}://${host}`);
    return from.protocol !== self.protocol || from.host !== self.host;
  } catch {
    return true;
  }
}

/** @param {IncomingMessage} req */
const isTls = (req) => Boolean(/** @type {{ encrypted?: boolean }} */ (req.socket).encrypted);

function sendJson(req, res, status, message, extra = {}) {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    ...corsHeaders(req.headers.origin),
    ...extra,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendText(res, status, message, extra = {}) {
  res.writeHead(status, {
    ...extra,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(message),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(res.req?.method === 'HEAD' ? undefined : message);
}
