// Every request Next handles runs in a scope stamped with the moment it began, so the cache
// handler (lib/cache-handler.mjs) can tell work that began before a write from work after it.
//
// Plain JavaScript: it runs in the server process outside Next's compiler (see scripts/serve.mjs).

const SHARED = Symbol.for('sevenstars.cache');

/**
 * @typedef {{ startedAt: number, uncached?: boolean }} RequestScope
 * @typedef {{
 *   pageReads: import('node:async_hooks').AsyncLocalStorage<RequestScope>,
 *   tick(): number,
 *   beginWork(scope: RequestScope): void,
 *   endScope(scope: RequestScope): void,
 *   waitForStaleWork(maxMs: number): Promise<void>,
 *   expireAll(): void,
 *   onExpire: Set<() => void>,
 * }} SharedCacheState
 */

/** @returns {SharedCacheState} */
export function sharedState() {
  const state = /** @type {any} */ (globalThis)[SHARED];
  if (!state) throw new Error('lib/cache-handler.mjs must be loaded before the request scope is used');
  return state;
}

/** How long a request may wait for renders that began before a write (usually none). */
const STALE_WORK_WAIT_MS = 2_000;

/**
 * Runs Next's handler for a request in its own cache scope. `uncached`: the local caches are not
 * to be trusted (the shared content version could not be read), so nothing is read from or
 * stored in them for this request.
 * @param {import('node:http').IncomingMessage} req
 * @param {() => Promise<void>} handle
 * @param {{ uncached?: boolean }} [options]
 */
export async function inRequestScope(req, handle, options = {}) {
  const state = sharedState();
  /** @type {RequestScope} */
  const scope = { startedAt: state.tick(), uncached: options.uncached };
  // Only reads can be handed a render shared with earlier requests; writes never wait. A read
  // first waits for the reads that began before the last write and are still running (Next may
  // hand it their render), then counts as such a read itself.
  if (req.method === 'GET' || req.method === 'HEAD') {
    await state.waitForStaleWork(STALE_WORK_WAIT_MS);
    scope.startedAt = state.tick();
    state.beginWork(scope);
  }
  try {
    await state.pageReads.run(scope, handle);
  } finally {
    state.endScope(scope);
  }
}
