import type { IncomingMessage, ServerResponse } from 'node:http';
import { preflightHeaders } from '@/lib/http/cors';
import { isApi, refuse } from './answers';

// Requests refused before Next sees them, each answered in the caller's format:
// - a method outside GET/HEAD/POST/PUT/PATCH/DELETE/OPTIONS: 405; pages take only GET/HEAD/POST
//   (POST carries actions; Next would render a page for a PUT), OPTIONS gets the Allow list;
// - a path that is not valid percent-encoding (`/%ff`): 400 (Next's router threw, a 500);
// - an `/api` path Next would not route as the API (`/api`, a trailing slash, an empty, dot or
//   encoded-slash segment): Next answers those with an HTML page or a 308 without CORS, which the
//   old client cannot read; here a JSON 404 with CORS, whose preflight passes like the others;
// - a POST to a page whose Origin is another site (a forged action call): 403. Next compares host
//   names only (an https:// Origin passed for an http:// host) and refuses with a 500.
// The request's scheme and host come from the socket and Host, unless TRUST_PROXY_HOPS (default
// 0) trusts proxies to tell them (X-Forwarded-Proto/-Host); untrusted copies are dropped so that
// Next, which reads them, sees the request this check saw.

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const PAGE_ALLOW = 'GET, HEAD, POST, OPTIONS';
const CONTROL = /[\u0000-\u001F\u007F]/;

const decoded = (text: string): string | null => {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
};

/** `/api/<segment>[/<segment>…]` with plain segments: what Next routes to an API route handler. */
function routableApiPath(pathname: string): boolean {
  if (pathname.length <= '/api/'.length) return false;
  return pathname
    .slice('/api/'.length)
    .split('/')
    .every((raw) => {
      const segment = decoded(raw);
      return segment !== null && segment !== '' && segment !== '.' && segment !== '..' && !/[/\\]/.test(segment) && !CONTROL.test(segment);
    });
}

export function trustedHops(): number {
  const hops = Number(process.env.TRUST_PROXY_HOPS || 0);
  return Number.isSafeInteger(hops) && hops > 0 ? hops : 0;
}

/** The value the nearest trusted proxy put in a comma-separated forwarded header. */
function forwarded(value: string | string[] | undefined, hops: number): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const parts = value.split(',').map((s) => s.trim());
  return parts[Math.max(0, parts.length - hops)] || undefined;
}

/** The browser says the request comes from another site (no Origin at all is left to Next). */
function crossOrigin(req: IncomingMessage, hops: number): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const tls = 'encrypted' in req.socket && Boolean(req.socket.encrypted);
  const scheme = (hops > 0 && forwarded(req.headers['x-forwarded-proto'], hops)) || (tls ? 'https' : 'http');
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

/** Answers and returns true when the request is refused; false lets it through. */
export function refused(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  const method = req.method ?? 'GET';
  const api = isApi(pathname);
  const hops = trustedHops();
  if (hops === 0) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-proto'];
  }
  if (!METHODS.has(method)) {
    refuse(req, res, 405, 'methodNotAllowed', { Allow: api ? [...METHODS].join(', ') : PAGE_ALLOW });
  } else if (api) {
    if (routableApiPath(pathname)) return false;
    if (method === 'OPTIONS') res.writeHead(204, preflightHeaders(req.headers.origin)).end();
    else refuse(req, res, 404, 'notFound');
  } else if (decoded(pathname) === null) {
    refuse(req, res, 400, 'badRequest');
  } else if (method === 'OPTIONS') {
    res.writeHead(204, { Allow: PAGE_ALLOW, 'Cache-Control': 'no-store' }).end();
  } else if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    refuse(req, res, 405, 'methodNotAllowed', { Allow: PAGE_ALLOW });
  } else if (method === 'POST' && crossOrigin(req, hops)) {
    refuse(req, res, 403, 'crossOrigin');
  } else {
    return false;
  }
  return true;
}
