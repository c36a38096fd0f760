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
import { AsyncLocalStorage } from 'node:async_hooks';
import { deferBootScripts } from './server/deferred-boot.mjs';

const MAX_BYTES = Number(process.env.CACHE_MAX_BYTES || 256 * 1024 * 1024);
/** Enough for the usual Accept-Encoding and locale-cookie combinations of one page. */
const MAX_REPLAYS_PER_ENTRY = 16;

/**
 * @typedef {{ status: number, headers: (string | string[])[], body: Buffer }} Replay
 * @typedef {{ key: string, value: any, lastModified: number, tags: string[], size: number, replays: Map<string, Replay> | null }} Entry
 */

// On globalThis: Next imports this file itself, and the HTTP server (scripts/serve.mjs) reaches
// the same state through the same symbol, whichever of the two loaded the module first.
const SHARED = Symbol.for('sevenstars.cache');
const state = (globalThis[SHARED] ??= {
  /** @type {Map<string, Entry>} */
  entries: new Map(),
  totalBytes: 0,
  /** Which page entry the current request read (set by get(), read by the replay capture). */
  pageReads: new AsyncLocalStorage(),
  /** @type {Map<string, Entry>} replay key -> the entry that holds that replay */
  replayIndex: new Map(),
  findReplay,
  keepReplay,
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

function remove(key) {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.totalBytes -= entry.size;
  state.entries.delete(key);
  if (entry.replays) for (const replayKey of entry.replays.keys()) state.replayIndex.delete(replayKey);
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
    if (!entry) return null;
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
    for (const [key, entry] of state.entries) {
      if (entry.tags.some((tag) => wanted.has(tag))) remove(key);
    }
  }

  resetRequestCache() {}
}
