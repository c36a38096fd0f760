// GET /healthz and GET /readyz, answered by the HTTP server itself before anything else (no locale
// routing, no page policy, never cached):
//
// - /healthz: 200 while the process runs; touches nothing else.
// - /readyz: 200 {"status":"ready"} when the database, the uploads store and any registered
//   service (lib/health.ts) answer; otherwise 503 {"status":"unavailable","failed":[names]}.
//   From the moment the server is told to stop it is 503 with "shutdown", at once, so a load
//   balancer stops sending traffic while the server still serves (SHUTDOWN_DELAY_SECONDS, see
//   scripts/serve.mjs) and then finishes the requests in flight.
//
// The checks live in TypeScript next to the database client and the store; instrumentation.ts
// hands them over when Next starts (the documented start hook). Plain JavaScript, like the rest
// of lib/server: no module loader in the serving process.

/**
 * @typedef {{ name: string, reason: string }} FailedCheck
 * @typedef {{ readiness(): Promise<FailedCheck[]>, closeConnections(): Promise<void> }} ServerHooks
 */

const HOOKS = Symbol.for('sevenstars.server-hooks');

/** What instrumentation.ts registered, if Next has run it. @returns {ServerHooks | undefined} */
export function serverHooks() {
  return /** @type {any} */ (globalThis)[HOOKS];
}

/**
 * The two paths, or null for any other request (a cheap test: it runs on every request).
 * @param {string} url
 */
export function healthPath(url) {
  if (url.startsWith('/healthz') && (url.length === 8 || url[8] === '?')) return '/healthz';
  if (url.startsWith('/readyz') && (url.length === 7 || url[7] === '?')) return '/readyz';
  return null;
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(res.req?.method === 'HEAD' ? undefined : json);
}

/**
 * @param {{ stopping(): boolean, logger: import('pino').Logger }} options
 */
export function healthEndpoints({ stopping, logger }) {
  /**
   * Answers /healthz and /readyz; false for every other path.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  return function answer(req, res) {
    const which = healthPath(req.url ?? '');
    if (which === null) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Cache-Control': 'no-store', 'Content-Length': 0 });
      res.end();
      return true;
    }
    if (which === '/healthz') {
      send(res, 200, { status: 'ok' });
      return true;
    }
    if (stopping()) {
      send(res, 503, { status: 'unavailable', failed: ['shutdown'] });
      return true;
    }
    const hooks = serverHooks();
    if (!hooks) {
      send(res, 503, { status: 'unavailable', failed: ['app'] });
      return true;
    }
    hooks.readiness().then(
      (failed) => {
        if (stopping()) failed = [{ name: 'shutdown', reason: 'stopping' }, ...failed];
        if (failed.length === 0) return send(res, 200, { status: 'ready' });
        logger.warn({ failed }, 'not ready');
        send(res, 503, { status: 'unavailable', failed: failed.map((f) => f.name) });
      },
      (error) => {
        logger.error({ err: error }, 'readiness check failed');
        send(res, 503, { status: 'unavailable', failed: ['app'] });
      },
    );
    return true;
  };
}
