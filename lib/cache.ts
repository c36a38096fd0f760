import { revalidateTag } from 'next/cache';
import type { EntityKey } from '@/lib/entities/registry';

/** Cache tags are entity keys: public reads carry the tag of every entity they touch; writes expire their own. */
export type CacheTag = EntityKey;

/** The shared content version the HTTP server made (lib/server/content-version.mjs); absent in `next dev`. */
interface ContentVersion {
  configured: boolean;
  bump(): Promise<void>;
  ready(): Promise<void>;
}
export const sharedContentVersion = (): ContentVersion | undefined =>
  (globalThis as Record<symbol, ContentVersion | undefined>)[Symbol.for('sevenstars.contentVersion')];

/**
 * Expire at once (not stale-while-revalidate): the next visitor sees the change, on this instance
 * (its caches drop the entries now) and on every other (the shared content version moves before
 * the writer's answer is sent, and each instance checks it before serving from its caches).
 */
export async function invalidate(...tags: string[]) {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  await sharedContentVersion()?.bump();
}
