// The shared content version: how several instances keep their local caches (Next's cache
// handler and the HTTP cache in front of it) from serving what a write on another instance
// replaced. With REDIS_URL, every content write increments one counter in Redis before its answer
// is sent (bump), and every request that could be answered from a local cache first reads the
// counter (sync): a value this instance has not seen means another instance wrote, so its local
// caches are emptied first. Reads that arrive in the same round of the event loop share one GET,
// issued after all of them arrived, so no request is answered from a read older than itself.
//
// Redis unreachable: requests are served without the local caches (straight from Next and the
// database: slower, never stale, never an error); once Redis answers again the local caches are
// emptied (writes may have happened meanwhile) and used again. A write made while Redis was
// unreachable bumps the counter as soon as it is back. Without REDIS_URL there is one instance
// and nothing to share: sync() is never needed.
//
// Plain JavaScript: the HTTP server (scripts/serve.mjs) creates it; the write path inside Next
// (lib/cache.ts) reaches the same object through a global symbol.
import { createClient } from 'redis';

const SHARED = Symbol.for('sevenstars.contentVersion');
const KEY = process.env.REDIS_KEY_PREFIX ? `${process.env.REDIS_KEY_PREFIX}content-version` : 'sevenstars:content-version';
/** A command that takes longer than this counts as Redis being down. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * @typedef {{
 *   configured: boolean,
 *   sync(): Promise<boolean>,
 *   bump(): Promise<void>,
 *   ready(): Promise<void>,
 *   status(): 'off' | 'ok' | 'down',
 *   close(): Promise<void>,
 * }} ContentVersion
 */

/** The instance's content version, if the server made one (undefined in `next dev` or in tests). @returns {ContentVersion | undefined} */
export const contentVersionOf = () => /** @type {any} */ (globalThis)[SHARED];

/**
 * @param {{ url?: string, onStale: () => void, log?: Pick<Console, 'warn' | 'error' | 'info'> }} options
 * @returns {ContentVersion}
 */
export function contentVersion({ url, onStale, log = console }) {
  /** @type {ContentVersion} */
  let api;
  if (!url) {
    api = {
      configured: false,
      sync: async () => true,
      bump: async () => {},
      ready: async () => {},
      status: () => 'off',
      close: async () => {},
    };
    /** @type {any} */ (globalThis)[SHARED] = api;
    return api;
  }

  const client = createClient({
    url,
    // Fail at once while disconnected instead of queueing: a request must not wait for Redis.
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
  });
  /** The last value read or written; null until the first read. @type {number | null} */
  let seen = null;
  // True while Redis could not be read: local caches are not to be trusted until it can.
  let degraded = false;
  let pendingBumps = 0;
  let loggedDown = false;
  /** @type {Promise<boolean> | null} a GET for the requests of this tick, not sent yet */
  let batch = null;

  const down = (/** @type {unknown} */ error) => {
    degraded = true;
    if (!loggedDown) {
      loggedDown = true;
      log.warn(
        `[content-version] Redis unreachable, serving without local caches until it is back: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  client.on('error', (error) => down(error));
  client.on('ready', () => {
    if (loggedDown) log.info('[content-version] Redis reachable again');
    loggedDown = false;
    void flushBumps();
  });
  client.connect().catch((error) => down(error));

  async function flushBumps() {
    while (pendingBumps > 0 && client.isReady) {
      try {
        await client.incr(KEY);
        pendingBumps -= 1;
      } catch (error) {
        down(error);
        return;
      }
    }
  }

  async function read() {
    try {
      const value = Number((await client.get(KEY)) ?? 0);
      if (degraded || seen === null || value !== seen) {
        // Another instance wrote, or this one could not see for a while: nothing local is trusted.
        onStale();
      }
      seen = value;
      degraded = false;
      return true;
    } catch (error) {
      down(error);
      return false;
    }
  }

  api = {
    configured: true,
    sync() {
      if (!client.isReady) {
        down(new Error('not connected'));
        return Promise.resolve(false);
      }
      if (pendingBumps > 0) return Promise.resolve(false);
      // Joined only by requests that arrived before it is sent: all those the server read in the
      // same round of the event loop (setImmediate runs once that round's I/O is handled).
      batch ??= new Promise((resolve) =>
        setImmediate(() => {
          batch = null;
          read().then(resolve, () => resolve(false));
        }),
      );
      return batch;
    },
    async bump() {
      if (!client.isReady) {
        pendingBumps += 1;
        down(new Error('not connected'));
        return;
      }
      try {
        const value = await client.incr(KEY);
        // Only this write since the last read: the local caches were expired by the write itself.
        if (seen !== null && value === seen + 1) seen = value;
      } catch (error) {
        pendingBumps += 1;
        down(error);
      }
    },
    async ready() {
      if (!client.isReady) throw new Error('redis not connected');
      await client.ping();
    },
    status: () => (client.isReady && !degraded && pendingBumps === 0 ? 'ok' : 'down'),
    async close() {
      try {
        await client.close();
      } catch {
        client.destroy();
      }
    },
  };
  /** @type {any} */ (globalThis)[SHARED] = api;
  return api;
}
