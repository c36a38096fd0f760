import { revalidateTag } from 'next/cache';

/** Cache tags, one per entity. Public reads carry every tag they touch; writes expire their own. */
export const TAGS = {
  slides: 'slides',
  team: 'team',
  services: 'services',
  contacts: 'contacts',
  events: 'events',
  clients: 'clients',
} as const;
export type CacheTag = (typeof TAGS)[keyof typeof TAGS];

/** Expire at once (not stale-while-revalidate): the next visitor sees the change. */
export function invalidate(...tags: CacheTag[]) {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}
