// Next's server cache (ISR pages, cached reads, optimised images), kept in this process's memory.
// Why not the built-in one: it also writes to .next/cache on disk, so a restart or a different
// DATABASE_URL could serve pages built from another database. Here nothing outlives the process.
// Entries are indexed by cache tag; revalidateTag drops every entry that carries one of the tags.
// It is the one place to swap for a shared store (e.g. Redis) when running several instances.
//
// It also keeps the replays of lib/server/page-replay.mjs: the exact bytes Next sent for a page it
// served from one of these entries. A replay lives inside its entry, so whatever removes or
// replaces the entry (a tag expiry after a write, a regeneration, eviction) removes the replay
// with it: the fast path can never outlive the page it copied.
//
// Races (issue 16): a render or cached read that began before a write must never be stored after
// that write expired its tags, or it would stay stale until the next write. Every request that
// reaches Next runs in a scope stamped with a tick of one monotonic clock (`state.requests`,
// entered by scripts/serve.mjs); each tag remembers the tick of its last expiry; set() refuses a
// value carrying a tag expired after the scope began. Without a scope (`next dev`) the earliest
// outstanding get() of the key stands in for the start.
//
// Stale-if-error: the replays of an entry a write expires are kept aside (bounded), and served by
// lib/server/unavailable.mjs only when Next fails to render the page again (a 5xx, e.g. the
// database is down). They are never used while Next can answer.
import { AsyncLocalStorage } from 'node:async_hooks';
import { deferBootScripts } from './server/deferred-boot.mjs';

const MAX_BYTES = Number(process.env.CACHE_MAX_BYTES || 256 * 1024 * 1024);
/** Enough for the usual Accept-Encoding and locale-cookie combinations of one page. */
const MAX_REPLAYS_PER_ENTRY = 16;
/** Last good copies of expired pages (stale-if-error), on top of MAX_BYTES. */
const STALE_MAX_BYTES = Number(process.env.CACHE_STALE_MAX_BYTES || 32 * 1024 * 1024);
/** A get() without a set() after this long was abandoned (failed render, uncacheable answer). */
const PENDING_READ_MS = 60_000;

/**
 * @typedef {{ status: number, headers: (string | string[])[], body: Buffer }} Replay
 * @typedef {{ key: string, value: any, lastModified: number, tags: string[], size: number, replays: Map<string, Replay> | null }} Entry
 * @typedef {{ startedAt: number, at: number, done: Promise<void>, finish: () => void }} Work
 * @typedef {{ startedAt: number, entry?: Entry, work?: Work }} Scope
 */

// On globalThis: Next imports this file itself, and the HTTP server (scripts/serve.mjs) reaches
// the same state through the same symbol, whichever of the two loaded the module first.
const SHARED = Symbol.for('sevenstars.cache');
const state = (globalThis[SHARED] ??= {
  /** @type {Map<string, Entry>} */
  entries: new Map(),
  totalBytes: 0,
  /**
   * One scope per request Next handles: when it began (a clock tick) and which page entry it read
   * (set by get(), read by the replay capture).
   * @type {AsyncLocalStorage<Scope>}
   */
  pageReads: new AsyncLocalStorage(),
  /** @type {Map<string, Entry>} replay key -> the entry that holds that replay */
  replayIndex: new Map(),
  /** Monotonic: ticks order request starts and tag expiries without ties. */
  clock: 0,
  /** @type {Map<string, number>} tag -> tick of its last expiry */
  tagExpiredAt: new Map(),
  /** Tick of the last expiry of any tag. */
  lastExpiry: 0,
  /**
   * Requests that missed the cache and are still running (rendering or reading), so that a request
   * arriving after a write can wait for those that began before it (see waitForStaleWork).
   * @type {Set<Work>}
   */
  working: new Set(),
  /** @type {Map<string, { tick: number, at: number }>} key -> earliest get() still waiting for its set() (no scope only) */
  pendingReads: new Map(),
  /** @type {Map<string, Map<string, Replay>>} page identity -> Accept-Encoding -> last good replay of an expired entry */
  retired: new Map(),
  retiredBytes: 0,
  tick,
  endScope,
  waitForStaleWork,
  findReplay,
  keepReplay,
  findRetired,
});

function sizeOf(value) {
  if (!value) return 0;
  let size = 256;
  for (const field of ['html', 'body', 'buffer', 'rscData']) {
    const part = value[field];
    if (typeof part === 'string') size += part.length;
    else if (part && typeof part.byteLength === 'number') size += part.byteLength;
  }
  if (value.data && typeof value.data === 'object') size += JSON.stringify(value.data).length;
  if (value.segmentData instanceof Map) for (const part of value.segmentData.values()) size += part?.byteLength ?? 0;
  return size;
}

function tagsOf(value, ctx) {
  const tags = new Set(ctx?.tags ?? []);
  const header = value?.headers?.['x-next-cache-tags'];
  if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag);
  return [...tags];
}

function tick() {
  return ++state.clock;
}

/** Called by the HTTP server when a request's answer is complete (and by set() once a page is offered). @param {Scope} scope */
function endScope(scope) {
  if (!scope.work) return;
  state.working.delete(scope.work);
  scope.work.finish();
}

/**
 * Next shares one render among the requests for the same page that arrive while it runs. A render
 * that began before a write is never stored (set() below), but a request arriving after the write
 * could still join it and be answered with what the write replaced. So a request first waits
 * (at most `maxMs`) for the work that began before the last expiry; usually there is none.
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

function remove(key) {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.totalBytes -= entry.size;
  state.entries.delete(key);
  if (entry.replays) for (const replayKey of entry.replays.keys()) state.replayIndex.delete(replayKey);
}

/**
 * A replay key (lib/server/page-replay.mjs) is the URL, the Accept-Encoding, then the routing
 * inputs, one per line. The page identity is the key without the Accept-Encoding line.
 * @param {string} replayKey
 */
function splitReplayKey(replayKey) {
  const first = replayKey.indexOf('\n');
  const second = replayKey.indexOf('\n', first + 1);
  if (first < 0) return { identity: replayKey, encoding: '' };
  const end = second < 0 ? replayKey.length : second;
  return { identity: replayKey.slice(0, first) + replayKey.slice(end), encoding: replayKey.slice(first + 1, end) };
}

/** Keeps the replays of an entry a write expired, as the page's last good copies. */
function retire(entry) {
  if (!entry.replays) return;
  for (const [replayKey, replay] of entry.replays) {
    const { identity, encoding } = splitReplayKey(replayKey);
    let copies = state.retired.get(identity);
    // Most recently retired last: eviction takes the oldest pages first.
    if (copies) state.retired.delete(identity);
    else copies = new Map();
    state.retired.set(identity, copies);
    state.retiredBytes += replay.body.byteLength - (copies.get(encoding)?.body.byteLength ?? 0);
    copies.set(encoding, replay);
  }
  for (const [identity, copies] of state.retired) {
    if (state.retiredBytes <= STALE_MAX_BYTES) break;
    for (const replay of copies.values()) state.retiredBytes -= replay.body.byteLength;
    state.retired.delete(identity);
  }
}

/**
 * The last good copy of an expired page for this request, in an encoding the client takes
 * (`accepts(contentEncoding)`), preferring the copy made for the same Accept-Encoding.
 * @param {string} replayKey
 * @param {(contentEncoding: string) => boolean} accepts
 * @returns {Replay | undefined}
 */
function findRetired(replayKey, accepts) {
  const { identity, encoding } = splitReplayKey(replayKey);
  const copies = state.retired.get(identity);
  if (!copies) return undefined;
  const same = copies.get(encoding);
  if (same) return same;
  for (const replay of copies.values()) if (accepts(contentEncodingOf(replay))) return replay;
  return undefined;
}

/** @param {Replay} replay */
function contentEncodingOf(replay) {
  for (let i = 0; i + 1 < replay.headers.length; i += 2) {
    if (String(replay.headers[i]).toLowerCase() === 'content-encoding') return String(replay.headers[i + 1]).toLowerCase();
  }
  return 'identity';
}

/** When the work that produced a value for `key` began: its request scope, else its earliest pending get(). */
function startOf(key) {
  const scope = state.pageReads.getStore();
  if (scope) return scope.startedAt;
  const pending = state.pendingReads.get(key);
  return pending && Date.now() - pending.at < PENDING_READ_MS ? pending.tick : undefined;
}

function evictIfFull() {
  for (const oldest of state.entries.keys()) {
    if (state.totalBytes <= MAX_BYTES) break;
    remove(oldest);
  }
}

/** The replay for this request key, if the entry it was copied from is still the current one. */
function findReplay(replayKey) {
  const entry = state.replayIndex.get(replayKey);
  if (!entry) return undefined;
  if (state.entries.get(entry.key) !== entry) {
    state.replayIndex.delete(replayKey);
    return undefined;
  }
  return entry.replays?.get(replayKey);
}

/** Keeps a replay of `entry`, unless the entry was removed or replaced while Next was sending it. */
function keepReplay(entry, replayKey, replay) {
  if (state.entries.get(entry.key) !== entry) return false;
  entry.replays ??= new Map();
  if (!entry.replays.has(replayKey) && entry.replays.size >= MAX_REPLAYS_PER_ENTRY) return false;
  const previous = entry.replays.get(replayKey);
  const delta = replay.body.byteLength - (previous?.body.byteLength ?? 0);
  entry.replays.set(replayKey, replay);
  entry.size += delta;
  state.totalBytes += delta;
  state.replayIndex.set(replayKey, entry);
  evictIfFull();
  return true;
}

export default class MemoryCacheHandler {
  constructor() {}

  async get(key) {
    const entry = state.entries.get(key);
    if (!entry) {
      // A miss starts a render or a read, which set() will offer: remember when (earliest first).
      const scope = state.pageReads.getStore();
      if (scope && !scope.work) {
        /** @type {() => void} */
        let finish = () => {};
        const done = new Promise((resolve) => (finish = () => resolve(undefined)));
        scope.work = { startedAt: scope.startedAt, at: Date.now(), done, finish };
        state.working.add(scope.work);
      } else if (!scope && !state.pendingReads.has(key)) {
        state.pendingReads.set(key, { tick: tick(), at: Date.now() });
      }
      return null;
    }
    // Least recently used goes first on eviction: move this one to the end.
    state.entries.delete(key);
    state.entries.set(key, entry);
    if (entry.value?.kind === 'APP_PAGE') {
      const read = state.pageReads.getStore();
      if (read) read.entry = entry;
    }
    return { value: entry.value, lastModified: entry.lastModified };
  }

  async set(key, value, ctx) {
    const startedAt = startOf(key);
    state.pendingReads.delete(key);
    // A page offered here is the end of its render: requests that waited for it may go on.
    const scope = state.pageReads.getStore();
    if (scope && value?.kind === 'APP_PAGE') endScope(scope);
    // Read before one of its tags expired: storing it would bring back what the write replaced.
    // Whatever is stored under the key now was stored by later work, so it stays.
    if (startedAt !== undefined && tagsOf(value, ctx).some((tag) => (state.tagExpiredAt.get(tag) ?? 0) > startedAt)) return;
    remove(key);
    if (!value) return;
    // A 404 page is cheap to render and there is one per URL anyone cares to type: keeping them
    // would let a scan of random paths push the real pages out.
    if (value.kind === 'APP_PAGE' && value.status === 404) return;
    // Every later answer from this entry (Next's and the replays) starts its scripts after the first paint.
    if (value.kind === 'APP_PAGE' && typeof value.html === 'string') value = { ...value, html: deferBootScripts(value.html) };
    /** @type {Entry} */
    const entry = { key, value, lastModified: Date.now(), tags: tagsOf(value, ctx), size: sizeOf(value), replays: null };
    state.entries.set(key, entry);
    state.totalBytes += entry.size;
    evictIfFull();
  }

  async revalidateTag(tags) {
    const wanted = new Set([tags].flat());
    const expiredAt = tick();
    state.lastExpiry = expiredAt;
    for (const tag of wanted) state.tagExpiredAt.set(tag, expiredAt);
    for (const [key, entry] of state.entries) {
      if (!entry.tags.some((tag) => wanted.has(tag))) continue;
      retire(entry);
      remove(key);
    }
  }

  resetRequestCache() {}
}
