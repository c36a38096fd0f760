// The HTTP server of `npm start` and `npm run dev` (`--dev`: no page cache): one pipeline before Next, on a socket only
// this process knows. Per request: id and log, health, the guard, body limits, a kept copy or Next's answer, never patched.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingMessage as Req, type ServerResponse as Res } from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import pino from 'pino';
import { cachedPagePolicy, frameOrigin, isPagePath } from '@/lib/http/csp';
import { mapEmbedUrl } from '@/lib/http/map-embed';
import {
  apiBodyLimit,
  HEADERS_TIMEOUT_MS,
  isBackOffice,
  pageBodyLimit,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_CHECK_MS,
} from '@/lib/http/upload-limits';
import { buildSettingsMismatch } from '@/scripts/lib/build-settings';
import { addressOf, endToEnd, relay, toNext, writeHeaders } from './forward';
import { serverPool } from './database';
import { isApi, localeOf, refuse, refused, unavailablePage } from './guard';
import { NotFoundMonitor } from './not-found';
import { keepable, negotiatesLanguage, PageCache, varyOnLanguage } from './page-cache';
import { Redirects } from './redirects';
import { isSearch, searchLocale, takeSearch } from './search-budget';
import { hasValidSession } from './session-check';
import { onTagsUpdated } from './use-cache-handler';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
/** What the branded 503 keeps of a failed page answer: the site's security headers (next.config.ts). */
const KEPT_ON_FAILURE = /^(x-content-type-options|referrer-policy|x-frame-options|permissions-policy|strict-transport-security)$/i;
/** An incoming X-Request-Id is kept only if it is this plain (it is echoed and logged). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Next and React pick their production or development code by NODE_ENV as they load; `npm start` does not set it.
Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });
const { default: next } = await import('next');
const mismatch = dev ? undefined : buildSettingsMismatch(path.join(ROOT, '.next'));
if (mismatch) {
  console.error(`[serve] the build was made with another ${mismatch}; rebuild with this instance's values, or give it the build's`);
  process.exit(1);
}
// JSON log lines (no query string: it may carry a token) in 4 KB batches, flushed every second (a write each: 2x CPU).
const logOut = pino.destination({ dest: 1, sync: false, minLength: 4096 });
setInterval(() => logOut.flush(), 1000).unref();
const logger = pino({ level: process.env.LOG_LEVEL || 'info' }, logOut);

const app = next({ dev, dir: ROOT, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();
const socketDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-'));
const inner = http.createServer((req, res) => void handle(req, res));
// Idle connections stay open for this process's agent, so Next never closes one as a request goes out on it.
inner.keepAliveTimeout = 0;
const target = { socketPath: path.join(socketDir, 'next.sock'), agent: new http.Agent({ keepAlive: true }) };
await new Promise<void>((resolve) => inner.listen(target.socketPath, resolve));

// With REDIS_URL there are several instances and nginx in front keeps the pages: here only their last good copies.
const mb = (name: string, megabytes: number) => Number(process.env[name] || megabytes * 2 ** 20);
const cache = dev ? undefined : new PageCache(!process.env.REDIS_URL, mb('HTTP_CACHE_MAX_BYTES', 64), mb('CACHE_STALE_MAX_BYTES', 32));
if (cache) onTagsUpdated(() => cache.purge());
// Redirects and the 404 monitor, on this server's own connection (server/database.ts).
const pool = serverPool(process.env.DATABASE_URL);
const note = (message: string, error?: unknown) => (error ? logger.warn({ err: error }, message) : logger.info(message));
const redirects = pool ? new Redirects(pool, note) : undefined;
const notFound = pool ? new NotFoundMonitor(pool, note) : undefined;
await redirects?.start();
notFound?.start();
// Every page answer starts with the cached pages' policy; proxy.ts's nonce policy replaces it on the pages rendered per request.
const pagePolicy = cachedPagePolicy(frameOrigin(mapEmbedUrl()), dev);
/** Set once SIGTERM or SIGINT arrives: /readyz answers 503 and every answer closes its connection. */
let stopping = false;

function json(req: Req, res: Res, status: number, body: unknown) {
  const text = JSON.stringify(body);
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(text) }).end(req.method === 'HEAD' ? undefined : text);
}

/** A page Next could not render: its last good copy, else the branded 503 in the page's language. */
function unavailable(req: Req, res: Res, upstream: Req, key: string | undefined, pathname: string) {
  upstream.resume();
  const copy = key === undefined ? undefined : cache?.lastGood(key);
  if (copy) return cache!.send(req, res, copy, 'stale');
  const kept = upstream.rawHeaders.flatMap((name, i, raw) => (i % 2 === 0 && KEPT_ON_FAILURE.test(name) ? [name, raw[i + 1]!] : []));
  const body = Buffer.from(unavailablePage(localeOf(req, pathname), req.url ?? '/'));
  const own = { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-store', 'Retry-After': 5 };
  writeHeaders(res, 503, [...kept, ...Object.entries(own).flat().map(String)]);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The set-up page (app/[locale]/(auth)/Setup): Next renders its refusal of a used or expired link
 * as a page, with a 200 it cannot change (a notFound() would lose the page's words without
 * scripts), so the page marks the refusal and the answer says 410 Gone. A HEAD is asked of Next as
 * a GET (its answer has no body to find the mark in) and answered with the GET's headers alone.
 */
const SETUP_PAGE = /^\/(?:(?:ar|en)\/)?setup\/?$/i;
const LINK_REFUSED_MARK = 'data-link-refused';
function decoded(body: Buffer, encoding: string | string[] | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
  } catch {
    return '';
  }
  return body.toString('utf8');
}

async function answer(req: Req, res: Res, pathname: string) {
  const page = isPagePath(pathname);
  if (page) res.setHeader('Content-Security-Policy', pagePolicy);
  const read = req.method === 'GET' || req.method === 'HEAD';
  // A range is Next's to answer (the copy is whole).
  const key = cache && read && !req.headers.range ? cache.key(req, pathname) : undefined;
  const copy = key === undefined ? undefined : cache!.lookup(key);
  if (copy) return cache!.send(req, res, copy, '1');
  // A search no copy answers costs a render or a read: the address's budget pays for it (server/search-budget.ts).
  const wait = isSearch(req, pathname) ? takeSearch(addressOf(req)) : 0;
  if (wait) return refuse(req, res, 429, 'searchBusy', { 'Retry-After': String(wait) }, searchLocale(req, pathname));
  const { generation, finish } = cache && read ? await cache.begin() : { generation: 0, finish: () => {} };
  try {
    // Only a signed-in person's post to the back office may be large (server/session-check.ts says what is checked).
    const signedIn = req.method === 'POST' && isBackOffice(pathname) && (await hasValidSession(req));
    const setup = read && !req.headers.rsc && SETUP_PAGE.test(pathname);
    const limit = isApi(pathname) ? apiBodyLimit() : pageBodyLimit(pathname, signedIn);
    const upstream = await toNext(req, res, target, limit, setup ? 'GET' : req.method);
    if (!upstream) return;
    if (negotiatesLanguage(pathname)) varyOnLanguage(upstream);
    const status = upstream.statusCode ?? 502;
    // A page a person asked for that is not there (the router's prefetches are not asked for by anyone).
    if (status === 404 && page && read && !req.headers.rsc) notFound?.record(pathname, req.headers['user-agent']);
    // A page a person asked for (the router's own requests and other answers keep their status).
    if (status >= 500 && page && read && !req.headers.rsc && String(upstream.headers['content-type']).startsWith('text/html'))
      return unavailable(req, res, upstream, key, pathname);
    // Every action answers its own faults: a 5xx in React's action format means Next could not decode what the client sent.
    if (status >= 500 && req.method === 'POST' && String(upstream.headers['content-type']).startsWith('text/x-component'))
      return relay(req, res, upstream, 400);
    if (setup && status === 200) {
      const body = await buffer(upstream);
      const gone = decoded(body, upstream.headers['content-encoding']).includes(LINK_REFUSED_MARK);
      writeHeaders(res, gone ? 410 : status, [
        ...endToEnd(upstream.rawHeaders, new Set(['content-length'])),
        'Content-Length',
        String(body.length),
      ]);
      return void res.end(req.method === 'HEAD' ? undefined : body);
    }
    const policy = key !== undefined && req.method === 'GET' ? keepable(req, upstream) : undefined;
    if (!policy) return relay(req, res, upstream);
    const body = await buffer(upstream);
    const kept = await cache!.keep(key!, req, upstream, policy, body, generation);
    if (kept) return cache!.send(req, res, kept, undefined, upstream.headers['content-encoding']);
    writeHeaders(res, status, [...endToEnd(upstream.rawHeaders, new Set(['content-length'])), 'Content-Length', String(body.length)]);
    res.end(body);
  } finally {
    finish();
  }
}

/** A staff redirect: a 301 a browser may keep an hour (staff may correct one), a 302 kept nowhere; no shared cache keeps either. */
function redirect(res: Res, status: number, location: string) {
  res.writeHead(status, {
    Location: location,
    'Cache-Control': status === 301 ? 'private, max-age=3600' : 'no-store',
    'Content-Length': 0,
  });
  res.end();
}

function fail(req: Req, res: Res, error: unknown) {
  // The client went away (its log line says `aborted`): nothing failed here.
  if (res.destroyed || req.socket.destroyed) return;
  logger.error({ reqId: req.headers['x-request-id'], method: req.method, path: req.url?.split('?')[0], err: error }, 'request failed');
  if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end();
}

// Timeouts (lib/http/upload-limits.ts says why): headers or a request sent too slowly get 408, not 300 s of memory.
const server = http.createServer(
  { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
  (req, res) => {
    const started = performance.now();
    const pathname = (req.url ?? '').split('?')[0]!;
    // The request's id: a valid incoming X-Request-Id (a proxy in front made one), else a new one; passed on to Next, echoed.
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    res.once('close', () => {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const aborted = res.writableFinished ? {} : { aborted: true };
      logger.info({ reqId: id, method: req.method, path: pathname, status: res.statusCode, durationMs, ...aborted });
    });
    if (stopping) res.setHeader('Connection', 'close'); // Draining: no further request on this connection.
    const probe = req.method === 'GET' || req.method === 'HEAD';
    // Liveness is this server answering; readiness is Next's route (app/readyz), unless stopping.
    if (pathname === '/healthz' && probe) return json(req, res, 200, { status: 'ok' });
    if (pathname === '/readyz' && probe && stopping) return json(req, res, 503, { status: 'unavailable', failed: ['shutdown'] });
    if (refused(req, res, pathname)) return;
    // A redirect staff set is served before the page and before any kept copy of it (server/redirects.ts).
    const moved = probe && !isApi(pathname) ? redirects?.match(pathname, (req.url ?? '').split('?')[1] ?? '') : null;
    if (moved) {
      try {
        return redirect(res, moved.status, moved.location);
      } catch (error) {
        return fail(req, res, error);
      }
    }
    answer(req, res, pathname).catch((error: unknown) => fail(req, res, error));
  },
);
if (dev) server.on('upgrade', (req, socket, head) => void app.getUpgradeHandler()(req, socket, head)); // Hot reload's WebSocket.
server.listen(port, hostname, () => console.log(`[serve] ready on http://${hostname ?? 'localhost'}:${port}`));
if (!process.env.AUTH_SECRET) console.warn('[serve] AUTH_SECRET is not set: sign-in is refused until it is (`npm start` creates one)');

// Shutdown (docs/serving-and-caching.md): for SHUTDOWN_DELAY_SECONDS /readyz answers 503 while the instance still serves (a
// balancer takes a few seconds to stop sending); then no new connections, idle keep-alive ones left to the proxy for 3 s
// (it may be sending a POST on one), busy ones cut at 8 s, exit by 9.5 s: 14.5 s after the signal by default.
function exit(code: number, message: string, err?: unknown) {
  logger[code ? 'error' : 'info']({ err }, message);
  rmSync(socketDir, { recursive: true, force: true });
  logger.flush();
  // The log's last lines are written asynchronously; give them a moment.
  setTimeout(() => process.exit(code), 50).unref();
}

function drain() {
  logger.info('draining: no new connections, finishing requests in flight');
  setTimeout(() => exit(1, 'shutdown did not finish in time; exiting'), 9_500).unref();
  let idle: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    idle = setInterval(() => server.closeIdleConnections(), 100);
  }, 3_000);
  const cut = setTimeout(() => server.closeAllConnections(), 8_000);
  // net.Server's close: http.Server's would also close the idle keep-alive connections at once.
  net.Server.prototype.close.call(server, () => {
    [grace, cut, idle].forEach(clearTimeout);
    target.agent.destroy();
    inner.close();
    // What was counted since the last write, written before the connection closes.
    redirects?.stop();
    notFound?.stop();
    Promise.all([redirects?.flush(), notFound?.flush()])
      .then(() => pool?.end())
      .catch(() => {})
      .then(() => app.close())
      .then(
        () => exit(0, 'stopped'),
        (error: unknown) => exit(1, 'shutdown failed', error),
      );
  });
}

function stop(signal: NodeJS.Signals) {
  // A terminal sends SIGINT to the whole group and `npm start` forwards it too: act once.
  if (stopping) return;
  stopping = true;
  const value = process.env.SHUTDOWN_DELAY_SECONDS?.trim() || '5';
  const valid = Number.isFinite(Number(value)) && Number(value) >= 0;
  if (!valid) console.warn(`[serve] SHUTDOWN_DELAY_SECONDS=${JSON.stringify(value)} is not a number of seconds (0 or more); using 5`);
  const delayMs = (valid ? Number(value) : 5) * 1000;
  logger.info({ signal, delayMs }, 'stopping: not ready, still serving new connections until the delay ends');
  setTimeout(drain, delayMs);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
