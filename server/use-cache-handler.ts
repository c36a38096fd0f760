// The store behind `'use cache'` (next.config.ts `cacheHandlers.default`, compiled into dist/) on Next's documented
// interface: in memory, or in Redis (REDIS_URL) shared by every instance, so a write on any instance is seen by every
// instance's next request (Next calls refreshTags() per request). No package covers Next 16 (docs/serving-and-caching.md).
// Races are Next's: an entry begun before a tag's expiry counts as missing. Redis down: nothing cached is trusted,
// and the expiries it missed are written first once it is back.
import type { CacheEntry, CacheHandler } from 'next/cache';
import { LRUCache } from 'lru-cache';
import { createClient } from 'redis';

type Metadata = Omit<CacheEntry, 'value'>;
type Stored = { metadata: Metadata; value: Uint8Array<ArrayBuffer> };
type TagTimes = { stale?: number; expired?: number };

/** How long a Redis command may take before the cache is skipped for that read. */
const REDIS_TIMEOUT_MS = 1_000;
const now = () => performance.timeOrigin + performance.now();
const later = (a?: number, b?: number) => Math.max(a ?? 0, b ?? 0) || undefined;

const tagListeners = new Set<(tags: string[]) => void>();
/** Told of every tag update made in this process (the HTTP server purges its page copies). */
export const onTagsUpdated = (listener: (tags: string[]) => void): void => void tagListeners.add(listener);

export function createUseCacheHandler(env: Partial<Record<string, string>> = process.env): CacheHandler {
  const memory = new LRUCache<string, Stored>({
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (e, key) => e.value.byteLength + key.length + 256,
  });
  const redis = env.REDIS_URL
    ? createClient({
        url: env.REDIS_URL,
        disableOfflineQueue: true,
        commandOptions: { timeout: REDIS_TIMEOUT_MS },
        // At most half a second between tries: back soon after Redis is (a write waits for it below).
        socket: { connectTimeout: REDIS_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 500) },
      })
    : undefined;
  // A lost connection is retried by the client; each failed command says so to its caller.
  redis?.on('error', () => {});
  redis?.connect().catch(() => {});
  const prefix = `${env.REDIS_KEY_PREFIX ?? ''}use-cache:`;
  const manifest = new Map<string, TagTimes>();
  /** Tags whose expiry made here Redis has not taken yet. */
  const unsent = new Set<string>();
  /** False while the shared expiries could not be read: nothing cached is trusted. */
  let tagsKnown = !redis;
  const pending = new Map<string, Promise<void>>();

  const merge = (tag: string, times: TagTimes) => {
    const old = manifest.get(tag);
    manifest.set(tag, { stale: later(old?.stale, times.stale), expired: later(old?.expired, times.expired) });
  };
  const read = async (key: string): Promise<Stored | undefined> => {
    if (!redis) return memory.get(key);
    const raw = await redis.get(`${prefix}entry:${key}`);
    const stored = raw ? (JSON.parse(raw) as { metadata: Metadata; value: string }) : undefined;
    return stored && { metadata: stored.metadata, value: new Uint8Array(Buffer.from(stored.value, 'base64')) };
  };
  const saveTags = (tags: string[]) =>
    redis!.hSet(`${prefix}tags`, Object.fromEntries(tags.map((tag) => [tag, JSON.stringify(manifest.get(tag))])));
  /** Resolves once the client is connected, or after `ms`. */
  const readyWithin = (ms: number) =>
    new Promise<void>((resolve) => {
      if (redis!.isReady) return resolve();
      const done = () => {
        clearTimeout(timer);
        redis!.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      redis!.once('ready', done);
    });
  const write = async (key: string, metadata: Metadata, value: Uint8Array<ArrayBuffer>) => {
    if (!redis) return void memory.set(key, { metadata, value }, { ttl: metadata.expire * 1000 });
    const raw = JSON.stringify({ metadata, value: Buffer.from(value).toString('base64') });
    await redis.set(`${prefix}entry:${key}`, raw, { expiration: { type: 'PX', value: Math.max(1, Math.round(metadata.expire * 1000)) } });
  };

  return {
    async get(cacheKey) {
      await pending.get(cacheKey);
      const found = tagsKnown ? await read(cacheKey).catch(() => undefined) : undefined;
      // Like Next's own in-memory handler: past `revalidate` an entry is not worth serving.
      if (!found || now() > found.metadata.timestamp + found.metadata.revalidate * 1000) return undefined;
      const { metadata, value } = found;
      let stale = false;
      for (const times of metadata.tags.map((tag) => manifest.get(tag) ?? {})) {
        if (times.expired !== undefined && times.expired <= now() && times.expired > metadata.timestamp) return undefined;
        stale ||= times.stale !== undefined && times.stale > metadata.timestamp;
      }
      return { ...metadata, revalidate: stale ? -1 : metadata.revalidate, value: new Blob([value]).stream() };
    },

    async set(cacheKey, pendingEntry) {
      // An interrupted value or an unreachable store keeps nothing: the next read computes it again.
      const storing = pendingEntry
        .then(async ({ value: stream, ...metadata }) => {
          const value = new Uint8Array(await new Response(stream).arrayBuffer());
          // Dynamic entries are never kept (Next's rule); nor anything while expiries are unknown.
          if (metadata.expire > 0 && tagsKnown) await write(cacheKey, metadata, value);
        })
        .catch(() => {});
      pending.set(cacheKey, storing);
      await storing;
      pending.delete(cacheKey);
    },

    async refreshTags() {
      if (!redis) return;
      try {
        if (unsent.size) await saveTags([...unsent]);
        unsent.clear();
        for (const [tag, raw] of Object.entries(await redis.hGetAll(`${prefix}tags`))) merge(tag, JSON.parse(raw) as TagTimes);
        tagsKnown = true;
      } catch {
        tagsKnown = false;
      }
    },

    async getExpiration(tags) {
      // Unknown shared expiries: everything counts as just expired, so nothing cached is used.
      return tagsKnown ? Math.max(0, ...tags.map((tag) => manifest.get(tag)?.expired ?? 0)) : Infinity;
    },

    async updateTags(tags, durations) {
      // Not rounded: a stamp rounded up would not count as passed yet when read within the same millisecond.
      const at = now();
      const times: TagTimes = durations
        ? { stale: at, ...(durations.expire !== undefined && { expired: at + durations.expire * 1000 }) }
        : { expired: at };
      for (const tag of tags) merge(tag, times);
      for (const listener of tagListeners) listener(tags);
      if (!redis) return;
      try {
        await saveTags(tags);
      } catch {
        // Still reconnecting (Redis just came back: /readyz may already say so): the write waits a
        // moment for the connection, so the other instances' next answers see it. Down for good,
        // it is sent with this instance's next refreshTags.
        try {
          await readyWithin(REDIS_TIMEOUT_MS);
          await saveTags(tags);
        } catch {
          tags.forEach((tag) => unsent.add(tag));
          tagsKnown = false;
        }
      }
    },
  };
}

export default createUseCacheHandler();
