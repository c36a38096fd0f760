import type { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import MemoryCacheHandler from '@/lib/cache-handler.mjs';

// The rules of lib/cache-handler.mjs, driven the way Next and scripts/serve.mjs drive it: through
// get / set / revalidateTag and request scopes, with values it never looks into.

interface Scope {
  startedAt: number;
  uncached?: boolean;
}
const state = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('sevenstars.cache')] as {
  pageReads: AsyncLocalStorage<Scope>;
  tick(): number;
  endScope(scope: Scope): void;
  expireAll(): void;
  onExpire: Set<() => void>;
};
const cache = new MemoryCacheHandler();
const value = (text: string) => ({ kind: 'ANY', text });
const inScope = <T>(scope: Scope, run: () => Promise<T>) => state.pageReads.run(scope, run);
const textOf = async (key: string) => ((await cache.get(key)) as { value: { text: string } } | null)?.value.text;

describe('cache handler: work that began before a write is never stored after it', () => {
  it('refuses a value whose scope began before one of its tags expired; keeps the current entry', async () => {
    const early: Scope = { startedAt: state.tick() };
    await inScope(early, () => cache.get('race-a'));
    await cache.revalidateTag(['t-a']);
    await inScope(early, () => cache.set('race-a', value('old'), { tags: ['t-a', 'other'] }));
    expect(await textOf('race-a')).toBeUndefined();

    const late: Scope = { startedAt: state.tick() };
    await inScope(late, () => cache.set('race-a', value('new'), { tags: ['t-a'] }));
    expect(await textOf('race-a')).toBe('new');
    // The early work finishing even later still cannot replace it.
    await inScope(early, () => cache.set('race-a', value('old'), { tags: ['t-a'] }));
    expect(await textOf('race-a')).toBe('new');
    state.endScope(early);
    state.endScope(late);
  });

  it('drops entries of an expired tag at once and ignores expiries of other tags', async () => {
    const scope: Scope = { startedAt: state.tick() };
    await cache.revalidateTag('t-unrelated');
    await inScope(scope, () => cache.set('read-b', value('x'), { tags: ['t-b'] }));
    expect(await textOf('read-b')).toBe('x');
    await cache.revalidateTag('t-b');
    expect(await cache.get('read-b')).toBeNull();
  });

  it('pages (stored without tags) go on any write, and a page render that began before any write is not stored', async () => {
    const early: Scope = { startedAt: state.tick() };
    await inScope({ startedAt: state.tick() }, () => cache.set('/page-g', value('v1'), {}));
    await inScope({ startedAt: state.tick() }, () => cache.set('read-g', value('r'), { tags: ['t-g'] }));
    await cache.revalidateTag('t-other');
    expect(await cache.get('/page-g')).toBeNull();
    expect(await textOf('read-g')).toBe('r');
    await inScope(early, () => cache.set('/page-g', value('old'), {}));
    expect(await cache.get('/page-g')).toBeNull();
  });

  it('gives an entry the moment its work began as lastModified, so Next can compare it with its own tag expiries', async () => {
    const scope: Scope = { startedAt: state.tick() };
    await new Promise((resolve) => setTimeout(resolve, 5));
    await inScope(scope, () => cache.set('/page-c', value('page'), {}));
    expect((await cache.get('/page-c'))?.lastModified).toBe(scope.startedAt);
    expect(Math.abs(scope.startedAt - Date.now())).toBeLessThan(1000);
  });

  it('without a scope, the earliest pending get() of the key stands for the start', async () => {
    expect(await cache.get('race-d')).toBeNull();
    await cache.revalidateTag('t-d');
    await cache.set('race-d', value('old'), { tags: ['t-d'] });
    expect(await textOf('race-d')).toBeUndefined();
    expect(await cache.get('race-d')).toBeNull();
    await cache.set('race-d', value('new'), { tags: ['t-d'] });
    expect(await textOf('race-d')).toBe('new');
  });

  it('ticks are strictly increasing and stay on the wall clock', () => {
    const a = state.tick();
    const b = state.tick();
    expect(b).toBeGreaterThan(a);
    expect(Math.abs(b - Date.now())).toBeLessThan(1000);
  });
});

describe('cache handler: a write elsewhere (expireAll) and caches that cannot be trusted', () => {
  it('expireAll empties everything, refuses work that began before it, and tells the HTTP cache', async () => {
    let told = 0;
    const hook = () => (told += 1);
    state.onExpire.add(hook);
    try {
      const early: Scope = { startedAt: state.tick() };
      await inScope({ startedAt: state.tick() }, () => cache.set('/all-e', value('kept'), {}));
      expect(await textOf('/all-e')).toBe('kept');
      state.expireAll();
      expect(told).toBe(1);
      expect(await cache.get('/all-e')).toBeNull();
      await inScope(early, () => cache.set('/all-e', value('old'), {}));
      expect(await textOf('/all-e')).toBeUndefined();
      await inScope({ startedAt: state.tick() }, () => cache.set('/all-e', value('new'), {}));
      expect(await textOf('/all-e')).toBe('new');
      await cache.revalidateTag('any');
      expect(told).toBe(2);
    } finally {
      state.onExpire.delete(hook);
    }
  });

  it('an uncached request neither reads nor stores', async () => {
    await inScope({ startedAt: state.tick() }, () => cache.set('/unc-f', value('cached'), {}));
    const uncached: Scope = { startedAt: state.tick(), uncached: true };
    expect(await inScope(uncached, () => cache.get('/unc-f'))).toBeNull();
    await inScope(uncached, () => cache.set('/unc-f', value('fresh'), {}));
    expect(await textOf('/unc-f')).toBe('cached');
  });
});
