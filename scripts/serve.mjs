// The production HTTP server: Next's request handler behind a shared HTTP cache for pages and
// /api/home (lib/server/http-cache.mjs, standard Cache-Control and Vary semantics) and brotli for
// the build's scripts and stylesheets (lib/server/static-brotli.mjs). `npm start`, `npm test` and
// `npm run bench` all serve through it. With REDIS_URL, several instances share one content
// version (lib/server/content-version.mjs), so a write on any of them empties every one's caches.
//
//   node scripts/serve.mjs        PORT (default 3000), HOSTNAME (default: every interface)
//
// It needs a build; scripts/start.ts makes one when the sources changed. Plain JavaScript: running
// TypeScript in the process that serves every request needs a module loader whose hooks cost ~7%
// of every request (measured with --cpu-prof).
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;

process.env.NODE_ENV = 'production';

// Every instance serves the same build with the same baked-in settings (scripts/lib/build-settings.mjs).
const { buildSettingsMismatch } = await import('./lib/build-settings.mjs');
const mismatch = buildSettingsMismatch(path.join(ROOT, '.next'));
if (mismatch) {
  console.error(
    `[serve] the build was made with another ${mismatch}; rebuild (npm run build) with the values this instance has, or give it the build's`,
  );
  process.exit(1);
}
process.env.NEXT_TELEMETRY_DISABLED = '1';

// The cache handler owns the state the request scopes use; Next imports the same file on its own.
await import('../lib/cache-handler.mjs');
const { inRequestScope, sharedState } = await import('../lib/server/request-scope.mjs');
const { httpCache } = await import('../lib/server/http-cache.mjs');
const { contentVersion } = await import('../lib/server/content-version.mjs');
const { LOCALE_COOKIE } = await import('../lib/i18n/locale-cookie.mjs');
const { staticBrotli } = await import('../lib/server/static-brotli.mjs');
const { LimitedIncomingMessage, limitBody, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, TIMEOUT_CHECK_MS } =
  await import('../lib/server/body-limit.mjs');
const { requestGuard } = await import('../lib/server/request-guard.mjs');
const { stampSocketAddress } = await import('../lib/server/socket-address.mjs');
const { unavailablePages } = await import('../lib/server/unavailable.mjs');
const { cachedPagePolicy, frameOrigin, isPagePath } = await import('../lib/server/csp.mjs');
const { mapEmbedUrl } = await import('../lib/server/map-embed.mjs');
const { createLogger, requestLogger } = await import('../lib/server/request-log.mjs');
const { healthEndpoints, serverHooks } = await import('../lib/server/health.mjs');
const { default: next } = await import('next');

const app = next({ dev: false, dir: ROOT, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();
const serveStatic = staticBrotli(path.join(ROOT, '.next'));
// Odd methods, /api paths Next would not route as the API, cross-site posts: refused first.
const refused = requestGuard(ROOT);
// Pages and /api/home as Next answered them, while their Cache-Control allows a shared cache to
// keep them; the locale cookie is in the key because next.config.ts redirects by it.
const pages = httpCache({
  maxBytes: Number(process.env.HTTP_CACHE_MAX_BYTES || 64 * 1024 * 1024),
  staleMaxBytes: Number(process.env.CACHE_STALE_MAX_BYTES || 32 * 1024 * 1024),
  keyCookies: [LOCALE_COOKIE],
});
const cacheState = sharedState();
// Every expiry (a write here, or another instance's) empties the HTTP cache too.
cacheState.onExpire.add(() => pages.purge());
const versions = contentVersion({ url: process.env.REDIS_URL, onStale: () => cacheState.expireAll() });
// A page Next cannot render (database down) gets its last good copy or a branded 503.
const guardPage = unavailablePages({ root: ROOT, findStale: (req) => pages.findStale(req) });
// Every page answer starts with the cached pages' policy; proxy.ts replaces it on the pages
// rendered per request. Files and the API send their own.
const pagePolicy = cachedPagePolicy(frameOrigin(mapEmbedUrl()));

const logger = createLogger();
const track = requestLogger(logger);
/** Set once SIGTERM or SIGINT arrives: /readyz answers 503 and every answer closes its connection. */
let stopping = false;
const health = healthEndpoints({ stopping: () => stopping, logger });

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
function fail(req, res, error) {
  // The path only: a query string may carry a token.
  const url = req.url ?? '';
  const pathname = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
  logger.error({ reqId: req.headers['x-request-id'], method: req.method, path: pathname, err: error }, 'request failed');
  if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end();
}

// Timeouts (lib/server/body-limit.mjs says why these values): a client that sends its headers or
// its request too slowly is answered 408 and its connection closed, instead of holding memory for
// Node's default 300 s. A stalled body is body-limit.mjs's own check (BODY_IDLE_MS).
const serverOptions = {
  IncomingMessage: LimitedIncomingMessage,
  headersTimeout: HEADERS_TIMEOUT_MS,
  requestTimeout: REQUEST_TIMEOUT_MS,
  connectionsCheckingInterval: TIMEOUT_CHECK_MS,
};
const server = http.createServer(serverOptions, (req, res) => {
  // First, so that nothing downstream can see a client's forged copy (lib/server/socket-address.mjs).
  stampSocketAddress(req);
  const requestId = track(req, res);
  res.setHeader('X-Request-Id', requestId);
  // Draining: this connection takes no further request after this one.
  if (stopping) res.setHeader('Connection', 'close');
  if (health(req, res)) return;
  if (refused(req, res)) return;
  if (limitBody(req, res)) return;
  const asset = serveStatic(req, res);
  if (asset === true) return;
  if (asset) {
    asset.keep();
    inRequestScope(req, () => handle(req, res)).catch((error) => fail(req, res, error));
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    answer(req, res, false);
    return;
  }
  // Several instances: the caches may be used only once the shared content version says they are
  // current (one Redis read per round of the event loop, shared by the requests that arrived in it).
  if (versions.configured) {
    versions.sync().then(
      (current) => answer(req, res, current),
      (error) => fail(req, res, error),
    );
  } else {
    answer(req, res, true);
  }
});

/**
 * Answers from the HTTP cache, or lets Next answer (and keeps a copy when its Cache-Control allows).
 * `useCache` false: no cache at all for this request (a write, or caches that cannot be trusted).
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {boolean} useCache
 */
function answer(req, res, useCache) {
  if (useCache && pages.serve(req, res)) return;
  // Stored copies already carry it.
  if (isPagePath(req.url ?? '/')) res.setHeader('Content-Security-Policy', pagePolicy);
  guardPage(req, res);
  const readsOnly = req.method === 'GET' || req.method === 'HEAD';
  if (useCache) pages.capture(req, res);
  inRequestScope(req, () => handle(req, res), { uncached: readsOnly && !useCache }).catch((error) => fail(req, res, error));
}

// instrumentation.ts hands over the readiness checks shortly after prepare(); listen once it has,
// so that /readyz is meaningful from the first request (until then it would answer 503 "app").
for (let waited = 0; !serverHooks() && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
if (!serverHooks()) logger.warn('instrumentation did not register the readiness checks: /readyz answers 503 "app"');

server.listen(port, hostname, () => console.log(`[serve] ready on http://${hostname ?? 'localhost'}:${port}`));
// `npm start` makes one; started any other way, the public site works but nobody can sign in.
if (!process.env.AUTH_SECRET) console.warn('[serve] AUTH_SECRET is not set: sign-in is refused until it is (`npm start` creates one)');

// Shutdown (SIGTERM from an orchestrator, `docker stop`, or npm forwarding it; SIGINT from a
// terminal), in two steps:
//
// 1. For SHUTDOWN_DELAY_SECONDS (default 5; 0 skips it): /readyz answers 503 at once, but the
//    instance keeps accepting and serving new connections. An orchestrator's service proxy or a
//    cloud load balancer takes a few seconds to stop sending traffic after the pod or target is
//    marked for removal; refusing connections in that window hands its visitors errors. Every
//    answer says `Connection: close`, so keep-alive clients move to a fresh connection (which the
//    balancer, once updated, sends elsewhere).
// 2. Then the listening socket closes (new connections are refused, so a proxy in front passes
//    them to another instance), requests in flight finish, and idle keep-alive connections are
//    left to the client for IDLE_GRACE_MS first: a proxy (deploy/nginx.conf closes idle ones after
//    2 s) may be sending a request on one at the very moment this server would close it, and a
//    POST lost that way is a 502 the proxy must not retry (issue 18: a write failed in the
//    rolling-restart test). After the grace, idle connections are closed as soon as they are
//    idle; then Next and the database pool close and the process exits 0. Connections still busy
//    DRAIN_MS after step 2 began are cut; if closing hangs, the process exits 1 at EXIT_MS.
//
// In all, by default: exit within 5 + 9.5 = 14.5 s of the signal, inside 15 s. An orchestrator's
// grace period must be longer than SHUTDOWN_DELAY_SECONDS + 10 s (README, "Running in production").
const SHUTDOWN_DELAY_MS = shutdownDelayMs(process.env.SHUTDOWN_DELAY_SECONDS);
const IDLE_GRACE_MS = 3_000;
const DRAIN_MS = 8_000;
const EXIT_MS = 9_500;

/** @param {string | undefined} value seconds, 0 or more; the default when unset or not a number */
function shutdownDelayMs(value) {
  const DEFAULT_SECONDS = 5;
  if (value === undefined || value.trim() === '') return DEFAULT_SECONDS * 1000;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  console.warn(`[serve] SHUTDOWN_DELAY_SECONDS=${JSON.stringify(value)} is not a number of seconds (0 or more); using ${DEFAULT_SECONDS}`);
  return DEFAULT_SECONDS * 1000;
}

function exit(code) {
  try {
    logger.flush();
  } catch {}
  // The log's last lines are written asynchronously; give them a moment.
  setTimeout(() => process.exit(code), 50).unref();
}

/** @param {NodeJS.Signals} signal */
function stop(signal) {
  // A terminal sends SIGINT to the whole group and `npm start` forwards it too: act once.
  if (stopping) return;
  stopping = true;
  logger.info({ signal, delayMs: SHUTDOWN_DELAY_MS }, 'stopping: not ready, still serving new connections until the delay ends');
  setTimeout(drain, SHUTDOWN_DELAY_MS);
}

function drain() {
  logger.info('draining: no new connections, finishing requests in flight');
  setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    exit(1);
  }, EXIT_MS).unref();
  /** @type {NodeJS.Timeout | undefined} */
  let idle;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    idle = setInterval(() => server.closeIdleConnections(), 100);
  }, IDLE_GRACE_MS);
  const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  // net.Server's close: stops listening and calls back once every connection has ended. (Node's
  // http.Server.close would also close the idle keep-alive connections at once: see above.)
  net.Server.prototype.close.call(server, async () => {
    clearTimeout(grace);
    clearInterval(idle);
    clearTimeout(cut);
    try {
      await app.close();
      await versions.close();
      await serverHooks()?.closeConnections();
      logger.info('stopped');
      exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      exit(1);
    }
  });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
