import { LRUCache } from 'lru-cache';

// Next's incremental cache (next.config.ts `cacheHandler`), on its documented interface. It keeps
// optimised images only, in this process's memory: pages are kept in front of Next (the HTTP
// server's page cache, or nginx with several instances) where a write purges them, and the public
// reads in the `'use cache'` handler. Next's built-in handler would keep pages too, on disk,
// where a write on another instance, a restart or another DATABASE_URL could not reach them.

/** What Next hands over; only the kind is looked at (IncrementalCacheKind / CachedRouteKind). */
interface Value {
  kind?: string;
  buffer?: { byteLength: number };
}
interface Entry {
  value: Value;
  lastModified: number;
}

const IMAGE_BYTES = 64 * 1024 * 1024;
const images = new LRUCache<string, Entry>({
  maxSize: IMAGE_BYTES,
  sizeCalculation: (entry) => (entry.value.buffer?.byteLength ?? 0) + 1024,
});

export default class ImageCacheHandler {
  async get(key: string, ctx?: { kind?: string }): Promise<Entry | null> {
    return ctx?.kind === 'IMAGE' ? (images.get(key) ?? null) : null;
  }

  async set(key: string, value: Value | null): Promise<void> {
    if (value?.kind === 'IMAGE') images.set(key, { value, lastModified: Date.now() });
  }

  async revalidateTag(): Promise<void> {}

  resetRequestCache(): void {}
}
