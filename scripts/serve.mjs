// The production HTTP server: Next's request handler behind the cached-page fast path
// (lib/server/page-replay.mjs) and brotli for the build's scripts and stylesheets
// (lib/server/static-brotli.mjs). `npm start`, `npm test` and `npm run bench` all serve through it.
//
//   node scripts/serve.mjs        PORT (default 3000), HOSTNAME (default: every interface)
//
// It needs a build; scripts/start.ts makes one when the sources changed. Plain JavaScript for the
// reason given in page-replay.mjs: no module loader in the process that serves every request.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || undefined;

process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED = '1';

// The cache handler owns the state the fast path reads; Next imports the same file on its own.
await import('../lib/cache-handler.mjs');
const { handleAndKeep, inRequestScope, replayKeys, routingInputs, serveReplay, sharedState } =
  await import('../lib/server/page-replay.mjs');
const { staticBrotli } = await import('../lib/server/static-brotli.mjs');
const { LimitedIncomingMessage, limitBody } = await import('../lib/server/body-limit.mjs');
const { requestGuard } = await import('../lib/server/request-guard.mjs');
const { stampSocketAddress } = await import('../lib/server/socket-address.mjs');
const { unavailablePages } = await import('../lib/server/unavailable.mjs');
const { frameOrigin, withPagePolicy } = await import('../lib/server/csp.mjs');
const { mapEmbedUrl } = await import('../lib/server/map-embed.mjs');
const { default: next } = await import('next');

const app = next({ dev: false, dir: ROOT, hostname: hostname ?? 'localhost', port });
await app.prepare();
const handle = app.getRequestHandler();
const replayKeyOf = replayKeys(routingInputs(path.join(ROOT, '.next')));
const serveStatic = staticBrotli(path.join(ROOT, '.next'));
// Odd methods, /api paths Next would not route as the API, cross-site posts: refused first.
const refused = requestGuard(ROOT);
// A page Next cannot render (database down) gets its last good copy or a branded 503.
const guardPage = unavailablePages({ root: ROOT, findStale: (key, accepts) => sharedState().findRetired(key, accepts) });
const pagePolicy = { frameOrigin: frameOrigin(mapEmbedUrl()) };

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
function fail(req, res, error) {
  console.error(`[serve] ${req.method} ${req.url} failed:`, error);
  if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end();
}

const server = http.createServer({ IncomingMessage: LimitedIncomingMessage }, (req, res) => {
  // First, so that nothing downstream can see a client's forged copy (lib/server/socket-address.mjs).
  stampSocketAddress(req);
  if (refused(req, res)) return;
  if (limitBody(req, res)) return;
  const asset = serveStatic(req, res);
  if (asset === true) return;
  if (asset) {
    asset.keep();
    inRequestScope(req, () => handle(req, res)).catch((error) => fail(req, res, error));
    return;
  }
  const replayKey = replayKeyOf(req);
  // Every HTML answer of Next gets the page CSP. Kept copies already carry it (they copy such an
  // answer), so a replay is sent as it is: no HTML is read or hashed per request.
  if (replayKey === null) {
    withPagePolicy(res, pagePolicy);
    guardPage(req, res, null);
    inRequestScope(req, () => handle(req, res)).catch((error) => fail(req, res, error));
  } else if (!serveReplay(req, res, replayKey)) {
    withPagePolicy(res, pagePolicy);
    guardPage(req, res, replayKey);
    handleAndKeep(req, res, replayKey, () => handle(req, res)).catch((error) => fail(req, res, error));
  }
});

server.listen(port, hostname, () => console.log(`[serve] ready on http://${hostname ?? 'localhost'}:${port}`));
// `npm start` makes one; started any other way, the public site works but nobody can sign in.
if (!process.env.AUTH_SECRET) console.warn('[serve] AUTH_SECRET is not set: sign-in is refused until it is (`npm start` creates one)');

function stop() {
  server.close();
  server.closeIdleConnections();
  // Open keep-alive connections must not hold the process up.
  setTimeout(() => process.exit(0), 5_000).unref();
  app.close().finally(() => process.exit(0));
}
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
