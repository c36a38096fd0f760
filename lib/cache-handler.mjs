// Next's server cache (ISR pages, cached reads, optimised images), kept in this process's memory,
// through the documented cache-handler interface only (get / set / revalidateTag, `ctx.tags`):
// values are stored as Next hands them over and never looked into. Why not the built-in one: it
// also writes to .next/cache on disk, so a restart or a different DATABASE_URL could serve pages
// built from another database. Here nothing outlives the process.
//
// Expiry. A write calls revalidateTag: entries stored with one of its tags (cached reads) go at
// once, and so do entries stored without tags (pages: the interface gives a page's set() no
// tags, and looking into the value for them would rely on Next's internals). Writes on other
// instances arrive as expireAll()
// (lib/server/content-version.mjs): everything goes. Every expiry also empties the HTTP cache in
// front of Next (the `onExpire` hooks registered by scripts/serve.mjs).
//
// Races (issue 16): a render or cached read that began before a write must never be stored as if
// it were newer, or it would stay stale until the next write. Every request that reaches Next runs
// in a scope stamped when it began (scripts/serve.mjs); a value whose work began before a write
// that expires it, or before an expireAll(), is not stored, and a request arriving after a write
// first waits for the requests still running that began before it (Next may share their render). Without a scope
// (`next dev`) the earliest outstanding get() of the key stands in for the start.
import { AsyncLocalStorage } from 'node:async_hooks';
import { serialize } from 'node:v8';

const MAX_BYTES = Number(process.env.CACHE_MAX_BYTES || 256 * 1024 * 1024);
/** A get() without a set() after this long was abandoned (failed render, uncacheable answer). */
const PENDING_READ_MS = 60_000;

/**
 * @typedef {{ key: string, value: any, lastModified: number, tags: string[], size: number }} Entry
 * @typedef {{ startedAt: number, at: number, done: Promise<void>, finish: () => void }} Work
 * @typedef {{ startedAt: number, uncached?: boolean, work?: Work }} Scope
 */

// On globalThis: Next imports this file itself, and the HTTP server (scripts/serve.mjs) reaches
// the same state through the same symbol, whichever of the two loaded the module first.
const SHARED = Symbol.for('sevenstars.cache');
const state = (globalThis[SHARED] ??= {
  /** @type {Map<string, Entry>} */
  entries: new Map(),
  totalBytes: 0,
  /**
   * One scope per request Next handles: when it began (wall-clock ms, strictly increasing).
   * @type {AsyncLocalStorage<Scope>}
   */
  pageReads: new AsyncLocalStorage(),
  /** Last time handed out: request starts and expiries are ordered without ties. */
  clock: 0,
  /** @type {Map<string, number>} tag -> time of its last expiry */
  tagExpiredAt: new Map(),
  /** Time of the last expiry of anything (tag or all). */
  lastExpiry: 0,
  /** Time of the last expireAll(): nothing that began before it is stored or served. */
  allExpiredAt: 0,
  /**
   * Requests that missed the cache and are still running (rendering or reading), so that a request
   * arriving after a write can wait for those that began before it (see waitForStaleWork).
   * @type {Set<Work>}
   */
  working: new Set(),
  /** @type {Map<string, { time: number, at: number }>} key -> earliest get() still waiting for its set() (no scope only) */
  pendingReads: new Map(),
  /** @type {Set<() => void>} called on every expiry (the HTTP cache in front empties itself) */
  onExpire: new Set(),
  tick,
  beginWork,
  endScope,
  waitForStaleWork,
  expireAll,
});

/**
 * The current time in ms, strictly greater than any handed out before, so that "began before the
 * write" never ties. The clock Next itself stamps tag expiries with (performance.timeOrigin +
 * performance.now(), not Date.now(), which may drift from it), since Next compares an entry's
 * `lastModified` with those.
 */
function tick() {
  state.clock = Math.max(performance.timeOrigin + performance.now(), state.clock + 0.001);
  return state.clock;
}

/**
 * A page request that reached Next: until it ends, it may be rendering (or be handed a render
 * Next shares among requests), so a request arriving after a write waits for it if it began
 * before the write (waitForStaleWork). @param {Scope} scope
 */
function beginWork(scope) {
  if (scope.work) return;
  /** @type {() => void} */
  let finish = () => {};
  const done = new Promise((resolve) => (finish = () => resolve(undefined)));
  scope.work = { startedAt: scope.startedAt, at: Date.now(), done, finish };
  state.working.add(scope.work);
}

/** Called by the HTTP server when a request's answer is complete. @param {Scope} scope */
function endScope(scope) {
  if (!scope.work) return;
  state.working.delete(scope.work);
  scope.work.finish();
}

/**
 * Next shares one render among the requests for the same page that arrive while it runs. A render
 * that began before a write is never kept, but a request arriving after the write could still join
 * it and be answered with what the write replaced. So a request first waits (at most `maxMs`) for
 * the work that began before the last expiry; usually there is none.
 * @param {number} maxMs
 */
async function waitForStaleWork(maxMs) {
  /** @type {Promise<void>[]} */
  const stale = [];
  // Work older than the wait itself is stuck or slow (e.g. a client that stopped reading); a
  // render never takes that long here, and waiting for it would slow every page after a write.
  const recent = Date.now() - maxMs;
  for (const work of state.working) if (work.startedAt < state.lastExpiry && work.at > recent) stale.push(work.done);
  if (!stale.length) return;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  await Promise.race([Promise.all(stale), new Promise((resolve) => (timer = setTimeout(resolve, maxMs)))]);
  clearTimeout(timer);
}

function notifyExpire() {
  for (const hook of state.onExpire) {
    try {
      hook();
    } catch (error) {
      console.error('[cache] expiry hook failed:', error);
    }
  }
}

/** Everything goes (a write on another instance, or a shared cache that could not be checked). */
function expireAll() {
  const at = tick();
  state.allExpiredAt = at;
  state.lastExpiry = at;
  state.entries.clear();
  state.totalBytes = 0;
  notifyExpire();
}

/** Bytes an entry holds, as Next would write it out; an estimate when it cannot be serialised. */
function sizeOf(value) {
  try {
    return serialize(value).byteLength + 256;
  } catch {
    return 64 * 1024;
  }
}

function remove(key) {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.totalBytes -= entry.size;
  state.entries.delete(key);
}

/** When the work that produced a value for `key` began: its request scope, else its earliest pending get(). */
function startOf(key) {
  const scope = state.pageReads.getStore();
  if (scope) return scope.startedAt;
  const pending = state.pendingReads.get(key);
  return pending && Date.now() - pending.at < PENDING_READ_MS ? pending.time : undefined;
}

function evictIfFull() {
  for (const oldest of state.entries.keys()) {
    if (state.totalBytes <= MAX_BYTES) break;
    remove(oldest);
  }
}

export default class MemoryCacheHandler {
  constructor() {}

  async get(key) {
    // The shared content version could not be read: this request is answered without the cache.
    if (state.pageReads.getStore()?.uncached) return null;
    const entry = state.entries.get(key);
    if (!entry) {
      // Without a request scope (`next dev`), a miss starts work that set() will offer: remember
      // when (earliest first).
      if (!state.pageReads.getStore() && !state.pendingReads.has(key)) state.pendingReads.set(key, { time: tick(), at: Date.now() });
      return null;
    }
    // Least recently used goes first on eviction: move this one to the end.
    state.entries.delete(key);
    state.entries.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified };
  }

  async set(key, value, ctx) {
    if (state.pageReads.getStore()?.uncached) return;
    const startedAt = startOf(key);
    state.pendingReads.delete(key);
    const tags = [...new Set(ctx?.tags ?? [])];
    if (startedAt !== undefined) {
      // Began before everything was expired, or before a write that expires it (one of its tags;
      // any write for an untagged value): storing it would bring back what the write replaced.
      // Whatever is stored under the key now came later, so it stays.
      if (startedAt < state.allExpiredAt) return;
      if (tags.length ? tags.some((tag) => (state.tagExpiredAt.get(tag) ?? 0) > startedAt) : startedAt < state.lastExpiry) return;
    }
    remove(key);
    if (!value) return;
    /** @type {Entry} */
    const entry = { key, value, lastModified: startedAt ?? tick(), tags, size: sizeOf(value) };
    state.entries.set(key, entry);
    state.totalBytes += entry.size;
    evictIfFull();
  }

  async revalidateTag(tags) {
    const wanted = new Set([tags].flat());
    const expiredAt = tick();
    state.lastExpiry = expiredAt;
    for (const tag of wanted) state.tagExpiredAt.set(tag, expiredAt);
    // Entries stored with tags (cached reads) go when one of them is expired. Entries stored
    // without (pages, optimised images: the interface gives no tags for them) go on every write:
    // a page may show any entity, and an image is cheap to make again.
    for (const [key, entry] of state.entries) if (!entry.tags.length || entry.tags.some((tag) => wanted.has(tag))) remove(key);
    notifyExpire();
  }

  resetRequestCache() {}
}
