// Next's server cache (ISR pages, cached reads, optimised images), kept in this process's memory.
// Why not the built-in one: it also writes to .next/cache on disk, so a restart or a different
// DATABASE_URL could serve pages built from another database. Here nothing outlives the process.
// Entries are indexed by cache tag; revalidateTag drops every entry that carries one of the tags.
// It is the one place to swap for a shared store (e.g. Redis) when running several instances.

const MAX_BYTES = Number(process.env.CACHE_MAX_BYTES || 256 * 1024 * 1024);

/** @type {Map<string, { value: any, lastModified: number, tags: string[], size: number }>} */
const entries = new Map();
let totalBytes = 0;

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
  const entry = entries.get(key);
  if (!entry) return;
  totalBytes -= entry.size;
  entries.delete(key);
}

export default class MemoryCacheHandler {
  constructor() {}

  async get(key) {
    const entry = entries.get(key);
    if (!entry) return null;
    // Least recently used goes first on eviction: move this one to the end.
    entries.delete(key);
    entries.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified };
  }

  async set(key, value, ctx) {
    remove(key);
    if (!value) return;
    const entry = { value, lastModified: Date.now(), tags: tagsOf(value, ctx), size: sizeOf(value) };
    entries.set(key, entry);
    totalBytes += entry.size;
    for (const oldest of entries.keys()) {
      if (totalBytes <= MAX_BYTES) break;
      remove(oldest);
    }
  }

  async revalidateTag(tags) {
    const wanted = new Set([tags].flat());
    for (const [key, entry] of entries) {
      if (entry.tags.some((tag) => wanted.has(tag))) remove(key);
    }
  }

  resetRequestCache() {}
}
