import { LRUCache } from 'lru-cache';

// Next's incremental cache (next.config.ts `cacheHandler`, documented interface): optimised images only, in memory.
// Pages are kept in front of Next, where a write purges them, not on disk as by Next's own, out of a write's reach.

/** What Next hands over; only the kind is looked at. */
type Entry = { value: { kind?: string; buffer?: { byteLength: number } }; lastModified: number };

const images = new LRUCache<string, Entry>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (e) => (e.value.buffer?.byteLength ?? 0) + 1024 });

export default class ImageCacheHandler {
  get = async (key: string, ctx?: { kind?: string }) => (ctx?.kind === 'IMAGE' ? (images.get(key) ?? null) : null);
  set = async (key: string, value: Entry['value'] | null) => {
    if (value?.kind === 'IMAGE') images.set(key, { value, lastModified: Date.now() });
  };
  revalidateTag = async () => {};
  resetRequestCache = () => {};
}
