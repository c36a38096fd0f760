// The store behind `'use cache'` (next.config.ts `cacheHandlers.default`), following Next's
// documented CacheHandler interface: entries and tag expiries in this process's memory, or, with
// REDIS_URL, in Redis, so that every instance shares them and a write on any instance (an
// `updateTag`/`revalidateTag` of the one write path) is seen by every instance's next request
// (Next calls refreshTags() once per request before its first cached read).
//
// No package covers this for Next 16 today (docs/decisions.md, "Serving on standard ground").
// Races need nothing of ours: Next stamps an entry with the time its computation began, and an
// entry begun before a tag's expiry is treated as missing.
//
// Redis down: nothing is read from the cache (every read goes to the database, never stale) and
// expiries this instance could not write are kept and written first once Redis answers again.
// Built by the build (scripts/lib/build.ts) into dist/, which Next imports at run time.
import type { CacheEntry, CacheHandler } from 'next/cache';
import { LRUCache } from 'lru-cache';
import { createClient } from 'redis';

type Metadata = Omit<CacheEntry, 'value'>;
interface TagTimes {
  stale?: number;
  expired?: number;
}

/** The memory store's budget (without Redis): the public reads of a thousand-project site fit many times. */
const MEMORY_BYTES = 64 * 1024 * 1024;
/** How long a Redis command may take before the cache is skipped for that read. */
const REDIS_TIMEOUT_MS = 1_000;

const now = () => performance.timeOrigin + performance.now();

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** Whether a tag expiry makes an entry begun at `timestamp` missing (expired) or stale. */
function verdict(tags: string[], timestamp: number, manifest: Map<string, TagTimes>): 'fresh' | 'stale' | 'expired' {
  let stale = false;
  const at = now();
  for (const tag of tags) {
    const times = manifest.get(tag);
    if (!times) continue;
    if (times.expired !== undefined && times.expired <= at && times.expired > timestamp) return 'expired';
    if (times.stale !== undefined && times.stale > timestamp) stale = true;
  }
  return stale ? 'stale' : 'fresh';
}

/** Where the entries live: one process's memory, or Redis. */
interface Store {
  read(key: string): Promise<{ metadata: Metadata; value: Uint8Array } | undefined>;
  write(key: string, metadata: Metadata, value: Uint8Array): Promise<void>;
  /** The shared tag expiries, or null without a shared store. */
  tags(): Promise<Record<string, string> | null>;
  writeTags(updates: Record<string, string>): Promise<void>;
}

function memoryStore(): Store {
  const entries = new LRUCache<string, { metadata: Metadata; value: Uint8Array }>({
    maxSize: MEMORY_BYTES,
    sizeCalculation: (entry, key) => entry.value.byteLength + key.length + 256,
  });
  return {
    read: async (key) => entries.get(key),
    write: async (key, metadata, value) => void entries.set(key, { metadata, value }, { ttl: metadata.expire * 1000 }),
    tags: async () => null,
    writeTags: async () => {},
  };
}

/** Whether the shared store can be used now (always, without Redis): readiness names `redis` when not. */
let storeReady = () => true;
export const cacheStoreReady = (): boolean => storeReady();

function redisStore(url: string, prefix: string): Store {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: REDIS_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
  });
  // A lost connection is retried by the client; each failed command says so to its caller.
  client.on('error', () => {});
  void client.connect().catch(() => {});
  storeReady = () => client.isReady;
  const TAGS = `${prefix}use-cache:tags`;
  const entryKey = (key: string) => `${prefix}use-cache:entry:${key}`;
  const timed = <T>(work: Promise<T>) =>
    Promise.race([
      work,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('redis timed out')), REDIS_TIMEOUT_MS).unref()),
    ]);
  return {
    async read(key) {
      const raw = await timed(client.get(entryKey(key)));
      if (!raw) return undefined;
      const { metadata, value } = JSON.parse(raw) as { metadata: Metadata; value: string };
      return { metadata, value: new Uint8Array(Buffer.from(value, 'base64')) };
    },
    async write(key, metadata, value) {
      const raw = JSON.stringify({ metadata, value: Buffer.from(value).toString('base64') });
      await timed(client.set(entryKey(key), raw, { expiration: { type: 'PX', value: Math.max(1, Math.round(metadata.expire * 1000)) } }));
    },
    tags: () => timed(client.hGetAll(TAGS)),
    async writeTags(updates) {
      await timed(client.hSet(TAGS, updates));
    },
  };
}

/** Told of every tag update made in this process (the HTTP server purges its page copies). */
const tagListeners = new Set<(tags: string[]) => void>();
export const onTagsUpdated = (listener: (tags: string[]) => void): void => void tagListeners.add(listener);

export function createUseCacheHandler(env: Partial<Record<string, string>> = process.env): CacheHandler {
  const store = env.REDIS_URL ? redisStore(env.REDIS_URL, env.REDIS_KEY_PREFIX ?? '') : memoryStore();
  const shared = Boolean(env.REDIS_URL);
  const manifest = new Map<string, TagTimes>();
  /** Expiries made here that the shared store has not taken yet. */
  const unsent = new Map<string, TagTimes>();
  /** False while the shared tag expiries could not be read: nothing cached is trusted. */
  let tagsKnown = !shared;
  const pending = new Map<string, Promise<void>>();

  const merge = (tag: string, times: TagTimes) => {
    const current = manifest.get(tag) ?? {};
    manifest.set(tag, {
      stale: Math.max(current.stale ?? 0, times.stale ?? 0) || undefined,
      expired: Math.max(current.expired ?? 0, times.expired ?? 0) || undefined,
    });
  };

  return {
    async get(cacheKey) {
      await pending.get(cacheKey);
      if (!tagsKnown) return undefined;
      const found = await store.read(cacheKey).catch(() => undefined);
      if (!found) return undefined;
      const { metadata, value } = found;
      // Like Next's own in-memory handler: past `revalidate` an entry is not worth serving.
      if (now() > metadata.timestamp + metadata.revalidate * 1000) return undefined;
      const state = verdict(metadata.tags, metadata.timestamp, manifest);
      if (state === 'expired') return undefined;
      return { ...metadata, revalidate: state === 'stale' ? -1 : metadata.revalidate, value: streamOf(value) };
    },

    async set(cacheKey, pendingEntry) {
      let done = () => {};
      pending.set(cacheKey, new Promise<void>((resolve) => (done = resolve)));
      try {
        const { value: stream, ...metadata } = await pendingEntry;
        const value = new Uint8Array(await new Response(stream).arrayBuffer());
        // Dynamic entries are never kept (Next's rule); nor anything while expiries are unknown.
        if (metadata.expire > 0 && tagsKnown) await store.write(cacheKey, metadata, value);
      } catch {
        // An interrupted value or an unreachable store: the next read computes it again.
      } finally {
        pending.delete(cacheKey);
        done();
      }
    },

    async refreshTags() {
      if (!shared) return;
      try {
        if (unsent.size) {
          await store.writeTags(Object.fromEntries([...unsent].map(([tag, times]) => [tag, JSON.stringify(times)])));
          unsent.clear();
        }
        for (const [tag, raw] of Object.entries((await store.tags()) ?? {})) merge(tag, JSON.parse(raw) as TagTimes);
        tagsKnown = true;
      } catch {
        tagsKnown = false;
      }
    },

    async getExpiration(tags) {
      // Unknown shared expiries: everything counts as just expired, so nothing cached is used.
      if (!tagsKnown) return Infinity;
      return Math.max(0, ...tags.map((tag) => manifest.get(tag)?.expired ?? 0));
    },

    async updateTags(tags, durations) {
      // Not rounded: a stamp rounded up would not count as passed yet when read within the same millisecond.
      const at = now();
      const times: TagTimes = durations
        ? { stale: at, ...(durations.expire !== undefined && { expired: at + durations.expire * 1000 }) }
        : { expired: at };
      for (const tag of tags) merge(tag, times);
      for (const listener of tagListeners) listener(tags);
      if (!shared) return;
      const updates = Object.fromEntries(tags.map((tag) => [tag, JSON.stringify(manifest.get(tag))]));
      try {
        await store.writeTags(updates);
      } catch {
        for (const tag of tags) unsent.set(tag, manifest.get(tag)!);
        tagsKnown = false;
      }
    },
  };
}

export default createUseCacheHandler();
