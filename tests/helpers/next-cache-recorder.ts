// `next/cache` for the in-process tier (tests/inproc), where no Next server gives `'use cache'`
// and tag expiry their context (outside it Next's own functions throw). `'use cache'` is only a
// directive string there, so readers run uncached; what the code asks of the cache is recorded
// instead, for tests to assert exactly: the tags a write expired, the tags and lifetimes a reader
// declared. That the cache then serves and expires copies is the HTTP tier's to show
// (tests/integration/cache-race.test.ts, tests/e2e/cache-invalidation.spec.ts).

export const recorded = { expired: [] as string[], tagged: [] as string[], lives: [] as unknown[], refreshed: 0 };

export function revalidateTag(tag: string): void {
  recorded.expired.push(tag);
}

export function cacheTag(...tags: string[]): void {
  recorded.tagged.push(...tags);
}

export function cacheLife(profile: unknown): void {
  recorded.lives.push(profile);
}

export function refresh(): void {
  recorded.refreshed += 1;
}

/** Forgets what was recorded (between tests). */
export function clearRecorded(): void {
  recorded.expired.length = 0;
  recorded.tagged.length = 0;
  recorded.lives.length = 0;
  recorded.refreshed = 0;
}
