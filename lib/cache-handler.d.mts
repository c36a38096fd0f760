// Types for cache-handler.mjs (plain JavaScript, loaded by Next and by the HTTP server).
export default class MemoryCacheHandler {
  get(key: string, ctx?: unknown): Promise<{ value: unknown; lastModified: number } | null>;
  set(key: string, value: unknown, ctx?: { tags?: string[] } & Record<string, unknown>): Promise<void>;
  revalidateTag(tags: string | string[], durations?: unknown): Promise<void>;
  resetRequestCache(): void;
}
