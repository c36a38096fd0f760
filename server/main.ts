// The HTTP server of `npm start` and `npm run dev` (no page cache): one pipeline in front of Next,
// which listens on a socket only this process knows. Per request: id and log line, health, the
// request guard, the body limits, then a kept copy or Next, whose answer is read, never patched.
//   node dist/server.mjs [--dev]     PORT (default 3000), HOSTNAME (default: every interface)
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedPagePolicy, frameOrigin, isPagePath } from '@/lib/http/csp';
import { mapEmbedUrl } from '@/lib/http/map-embed';
import { apiBodyLimit, HEADERS_TIMEOUT_MS, pageBodyLimit, REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_MS } from '@/lib/http/upload-limits';
import { buildSettingsMismatch } from '@/scripts/lib/build-settings';
import { isApi, localeOf, unavailablePage } from './answers';
import { endToEnd, relay, toNext, writeHeaders } from './forward';
import { refused } from './guard';
import { createLogger, pathOf, trackRequest } from './log';
import { mayKeep, negotiatesLanguage, PageCache, varyOnLanguage } from './page-cache';
import { cacheStoreReady, onTagsUpdated } from './use-cache-handler';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;
/** Seconds a visitor (or crawler) is asked to wait after a 503; the same as /api's (lib/db/faults.ts). */
const RETRY_AFTER_SECONDS = 5;
const CONTENT_LENGTH = new Set(['content-length']);
/** Headers of a failed page answer that the branded 503 keeps: the site's security headers and the request id. */
const KEPT_ON_FAILURE =
  /^(x-content-type-options|referrer-policy|x-frame-options|permissions-policy|strict-transport-security|content-security-policy|x-request-id)$/i;

// Next and React choose their production or development code by NODE_ENV when they load: set it
// first, then load Next (`npm start` and the container do not set it).
Object.assign(process.env, { NODE_ENV: dev ? 'development' : 'production' });
const { default: next } = await import('next');

const logger = createLogger();
if (!dev) {
  // Every instance serves the same build with the same baked-in settings.
  const mismatch = buildSettingsMismatch(path.join(ROOT, '.next'));
  if (mismatch) {
    console.error(
      `[serve] the build was made with another ${mismatch}; rebuild (npm run build) with the values this instance has, or give it the build's`,
    );
    process.exit(1);
  }
}

const app = next({ dev, dir: ROOT, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();
const socketDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-'));
const socketPath = path.join(socketDir, 'next.sock');
const inner = http.createServer((req, res) => void handle(req, res));
// Only this process connects: idle connections stay open for its agent to reuse, so none is closed
// by Next's side at the moment the agent sends a request on it (a reset the client would see).
inner.keepAliveTimeout = 0;
await new Promise<void>((resolve) => inner.listen(socketPath, resolve));
const target = { socketPath, agent: new http.Agent({ keepAlive: true }) };

// With REDIS_URL there are several instances and nginx in front keeps the pages (deploy/nginx.conf):
// here only their last good copies. `npm run dev` keeps nothing.
const cache = dev
  ? undefined
  : new PageCache(
      !process.env.REDIS_URL,
      Number(process.env.HTTP_CACHE_MAX_BYTES || 64 * 1024 * 1024),
      Number(process.env.CACHE_STALE_MAX_BYTES || 32 * 1024 * 1024),
    );
if (cache) onTagsUpdated(() => cache.purge());
// Every page answer starts with the cached pages' policy; proxy.ts's nonce policy replaces it on
// the pages rendered per request (Next's answer headers win over the ones set here).
const pagePolicy = cachedPagePolicy(frameOrigin(mapEmbedUrl()), dev);

/** Set once SIGTERM or SIGINT arrives: /readyz answers 503 and every answer closes its connection. */
let stopping = false;

function json(res: http.ServerResponse, status: number, body: unknown, head: boolean) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(head ? undefined : text);
}

/** A page Next could not render: its last good copy, else the branded 503 in the page's language. */
function unavailable(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  upstream: http.IncomingMessage,
  key: string | undefined,
  pathname: string,
) {
  const copy = key === undefined ? undefined : cache?.lastGood(key);
  if (copy) return cache!.send(req, res, copy, 'stale');
  const headers: string[] = [];
  const raw = upstream.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) if (KEPT_ON_FAILURE.test(raw[i]!)) headers.push(raw[i]!, raw[i + 1]!);
  const body = Buffer.from(unavailablePage(localeOf(req, pathname), req.url ?? '/'));
  writeHeaders(res, 503, [
    ...headers,
    'Content-Type',
    'text/html; charset=utf-8',
    'Content-Length',
    String(body.length),
    'Cache-Control',
    'no-store',
    'Retry-After',
    String(RETRY_AFTER_SECONDS),
  ]);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Next's checks (app/readyz), this instance's shared cache store, and whether it is stopping. */
async function readiness(req: http.IncomingMessage, res: http.ServerResponse) {
  const head = req.method === 'HEAD';
  if (stopping) return json(res, 503, { status: 'unavailable', failed: ['shutdown'] }, head);
  req.headers['accept-encoding'] = 'identity';
  const upstream = await toNext(req, res, target, 0);
  if (!upstream) return;
  let text = '';
  for await (const chunk of upstream) text += String(chunk);
  const failed = head ? (upstream.statusCode === 200 ? [] : ['app']) : ((JSON.parse(text) as { failed?: string[] }).failed ?? []);
  if (!cacheStoreReady()) failed.push('redis');
  json(res, failed.length ? 503 : 200, failed.length ? { status: 'unavailable', failed } : { status: 'ready' }, head);
}

async function answer(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
  const page = isPagePath(pathname);
  if (page) res.setHeader('Content-Security-Policy', pagePolicy);
  const read = req.method === 'GET' || req.method === 'HEAD';
  // A range is Next's to answer (the copy is whole).
  const key = cache && read && !req.headers.range ? cache.key(req, pathname) : undefined;
  const copy = key === undefined ? undefined : await cache!.lookup(key);
  if (copy) return cache!.send(req, res, copy, '1');
  const { generation, finish } = cache && read ? await cache.begin() : { generation: 0, finish: () => {} };
  const release = key !== undefined && req.method === 'GET' ? cache!.filling(key) : () => {};
  try {
    const upstream = await toNext(req, res, target, isApi(pathname) ? apiBodyLimit() : pageBodyLimit(pathname));
    if (!upstream) return;
    if (negotiatesLanguage(pathname)) varyOnLanguage(upstream);
    const status = upstream.statusCode ?? 502;
    // A page a person asked for: the router's own requests and other answers keep their status.
    const plainPage = page && read && !req.headers.rsc && String(upstream.headers['content-type']).startsWith('text/html');
    if (status >= 500 && plainPage) {
      upstream.resume();
      return unavailable(req, res, upstream, key, pathname);
    }
    // Every action answers its own faults (lib/admin/actions.ts): a 5xx in React's action format
    // means Next could not decode what the client sent, the client's mistake.
    if (status >= 500 && req.method === 'POST' && String(upstream.headers['content-type']).startsWith('text/x-component'))
      return relay(req, res, upstream, 400);
    if (key === undefined || req.method !== 'GET' || status !== 200 || !mayKeep(upstream.headers)) return relay(req, res, upstream);
    const chunks: Buffer[] = [];
    for await (const chunk of upstream) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const kept = await cache!.copy(req, upstream, body);
    if (!kept) {
      writeHeaders(res, status, [...endToEnd(upstream.rawHeaders, CONTENT_LENGTH), 'Content-Length', String(body.length)]);
      return void res.end(body);
    }
    cache!.keep(key, kept, generation, req.url ?? '/');
    cache!.send(req, res, kept, undefined, upstream.headers['content-encoding']);
  } finally {
    release();
    finish();
  }
}

function fail(req: http.IncomingMessage, res: http.ServerResponse, error: unknown) {
  // The client went away (its log line says `aborted`): nothing failed here.
  if (res.destroyed || req.socket.destroyed) return;
  logger.error({ reqId: req.headers['x-request-id'], method: req.method, path: pathOf(req.url), err: error }, 'request failed');
  if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end();
}

// Timeouts (lib/http/upload-limits.ts says why these values): a client that sends its headers or
// its request too slowly gets 408 and its connection closed, instead of holding memory for 300 s.
const server = http.createServer(
  { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS },
  (req, res) => {
    trackRequest(logger, req, res);
    // Draining: this connection takes no further request after this one.
    if (stopping) res.setHeader('Connection', 'close');
    const pathname = pathOf(req.url);
    const probe = req.method === 'GET' || req.method === 'HEAD';
    // Liveness is this server answering; readiness is Next's route (app/readyz), unless stopping.
    if (pathname === '/healthz' && probe) return json(res, 200, { status: 'ok' }, req.method === 'HEAD');
    if (pathname === '/readyz' && probe) return void readiness(req, res).catch((error: unknown) => fail(req, res, error));
    if (refused(req, res, pathname)) return;
    answer(req, res, pathname).catch((error: unknown) => fail(req, res, error));
  },
);
// `npm run dev`: Next's hot reload talks over a WebSocket.
if (dev) {
  const upgrade = app.getUpgradeHandler();
  server.on('upgrade', (req, socket, head) => void upgrade(req, socket, head));
}
server.listen(port, hostname, () => console.log(`[serve] ready on http://${hostname ?? 'localhost'}:${port}`));
if (!process.env.AUTH_SECRET) console.warn('[serve] AUTH_SECRET is not set: sign-in is refused until it is (`npm start` creates one)');

// Shutdown (docs/decisions.md, "Serving on standard ground"): for SHUTDOWN_DELAY_SECONDS /readyz
// answers 503 while the instance still serves (a balancer needs a few seconds to stop sending);
// then no new connections, in-flight requests finish, idle keep-alive ones are left to the proxy
// for IDLE_GRACE_MS (it may be sending a POST on one), busy ones are cut at DRAIN_MS, and the
// process exits by EXIT_MS: 14.5 s after the signal by default.
const IDLE_GRACE_MS = 3_000;
const DRAIN_MS = 8_000;
const EXIT_MS = 9_500;

function shutdownDelayMs(value: string | undefined): number {
  const DEFAULT_SECONDS = 5;
  const seconds = value === undefined || value.trim() === '' ? DEFAULT_SECONDS : Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  console.warn(`[serve] SHUTDOWN_DELAY_SECONDS=${JSON.stringify(value)} is not a number of seconds (0 or more); using ${DEFAULT_SECONDS}`);
  return DEFAULT_SECONDS * 1000;
}

function exit(code: number) {
  rmSync(socketDir, { recursive: true, force: true });
  logger.flush();
  // The log's last lines are written asynchronously; give them a moment.
  setTimeout(() => process.exit(code), 50).unref();
}

function drain() {
  logger.info('draining: no new connections, finishing requests in flight');
  setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    exit(1);
  }, EXIT_MS).unref();
  let idle: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    idle = setInterval(() => server.closeIdleConnections(), 100);
  }, IDLE_GRACE_MS);
  const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  // net.Server's close: http.Server's would also close the idle keep-alive connections at once.
  net.Server.prototype.close.call(server, async () => {
    clearTimeout(grace);
    clearInterval(idle);
    clearTimeout(cut);
    try {
      target.agent.destroy();
      inner.close();
      await app.close();
      logger.info('stopped');
      exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  });
}

function stop(signal: NodeJS.Signals) {
  // A terminal sends SIGINT to the whole group and `npm start` forwards it too: act once.
  if (stopping) return;
  stopping = true;
  const delayMs = shutdownDelayMs(process.env.SHUTDOWN_DELAY_SECONDS);
  logger.info({ signal, delayMs }, 'stopping: not ready, still serving new connections until the delay ends');
  setTimeout(drain, delayMs);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
