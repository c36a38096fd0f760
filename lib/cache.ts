import { cacheLife, revalidateTag } from 'next/cache';
import { routing } from '@/lib/i18n/routing';
import { isDbFault, unavailable } from '@/lib/db/faults';
import type { EntityKey } from '@/lib/entities/registry';

/** Cache tags are entity keys: public reads carry the tag of every entity they touch; writes expire their own. */
export type CacheTag = EntityKey;

/**
 * How long a `'use cache'` read of the site's content is kept when no write expires it first
 * (every write does, at once). The pages' own life (`revalidate = 30` in app/[locale]/layout.tsx,
 * `expireTime: 60` in next.config.ts): a cached read inside a page lends the page its life, and
 * the Cache-Control that CDNs are promised (README, "Behind a CDN") must not grow.
 */
const CONTENT_CACHE_LIFE = { stale: 30, revalidate: 30, expire: 60 };
/**
 * Public content every visitor gets the same, outside the pages (the old client's /api/home,
 * Home's project search): a shared cache (the HTTP server's, a CDN's) keeps it as long as a page,
 * a browser asks again every time (max-age=0), and a write empties this server's copies at once.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';
/** A result that must not be kept at all. */
const NOT_KEPT = { stale: 0, revalidate: 0, expire: 0 };

/** What a cached read gives its caller: the value, or "the database could not be reached". */
export type CachedRead<T> = { ok: true; value: T } | { ok: false };

/**
 * Runs a read inside a `'use cache'` function with the content's cache life. A database fault is
 * returned, not thrown, and not kept: an error thrown out of a cached function reaches its caller
 * without what it was (production hides it), and the caller must still answer 503 (`unwrap`).
 */
export async function cachedRead<T>(read: () => Promise<T>): Promise<CachedRead<T>> {
  try {
    const value = await read();
    cacheLife(CONTENT_CACHE_LIFE);
    return { ok: true, value };
  } catch (error) {
    if (!isDbFault(error)) throw error;
    cacheLife(NOT_KEPT);
    return { ok: false };
  }
}

/** The value of a cached read, or the 503 `unavailable` error every entry point knows. */
export function unwrap<T>(result: CachedRead<T>): T {
  if (!result.ok) throw unavailable();
  return result.value;
}

/**
 * Expire at once (not stale-while-revalidate): the next visitor sees the change. The `'use cache'`
 * handler records the expiry (in Redis with several instances, where every instance reads it on
 * its next request) and tells the HTTP server in front, which purges its page copies.
 */
export async function invalidate(...tags: string[]) {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}

/**
 * Every `'use cache'` function is a server reference too: whoever has the build's ids can call it
 * over HTTP, as a server action, with any arguments (docs/security.md, "The cached readers"). So
 * each one checks its own arguments first, with this: a call with arguments no page passes is
 * refused with a 404 (`notFound`, which the action handler answers as a 4xx), before anything is
 * read, and nothing is cached under them (the cache would otherwise keep a copy per invented
 * argument).
 */
export async function refuseUnlessValid(valid: boolean): Promise<void> {
  // Imported when needed: scripts outside Next (npm start's bootstrap, backups) load this module
  // under react-server conditions, where next/navigation's client build cannot load.
  if (!valid) (await import('next/navigation')).notFound();
}

/** One of the site's languages, as a cached reader's locale must be. */
export const isLocale = (locale: unknown): boolean => typeof locale === 'string' && (routing.locales as readonly string[]).includes(locale);
