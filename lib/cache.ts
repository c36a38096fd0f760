import { revalidateTag } from 'next/cache';
import type { EntityKey } from '@/lib/entities/registry';

/** Cache tags are entity keys: public reads carry the tag of every entity they touch; writes expire their own. */
export type CacheTag = EntityKey;

/** Expire at once (not stale-while-revalidate): the next visitor sees the change. */
export function invalidate(...tags: string[]) {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}
