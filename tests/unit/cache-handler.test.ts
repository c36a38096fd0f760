import type { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import MemoryCacheHandler from '@/lib/cache-handler.mjs';

// The race rule of lib/cache-handler.mjs, driven the way Next and scripts/serve.mjs drive it:
// a value whose work began (its request scope) before one of its tags expired is never stored;
// one that began after is. And the stale-if-error copies: kept when a write expires an entry.

interface Scope {
  startedAt: number;
  entry?: unknown;
}
interface Replay {
  status: number;
  headers: (string | string[])[];
  body: Buffer;
}
const state = (globalThis as unknown as Record<symbol, unknown>)[Symbol.for('sevenstars.cache')] as {
  pageReads: AsyncLocalStorage<Scope>;
  tick(): number;
  keepReplay(entry: unknown, key: string, replay: Replay): boolean;
  findRetired(key: string, accepts: (coding: string) => boolean): Replay | undefined;
  endScope(scope: Scope): void;
};
const cache = new MemoryCacheHandler();
const page = (html: string, tags: string) => ({ kind: 'APP_PAGE', status: 200, html, headers: { 'x-next-cache-tags': tags } });
const inScope = <T>(scope: Scope, run: () => Promise<T>) => state.pageReads.run(scope, run);
const htmlOf = async (key: string) => ((await cache.get(key)) as { value: { html: string } } | null)?.value.html;

describe('cache handler: a render that began before a write is never stored after it', () => {
  it('refuses a value whose scope began before its tag expired; keeps the current entry', async () => {
    const early: Scope = { startedAt: state.tick() };
    await inScope(early, () => cache.get('/race-a'));
    await cache.revalidateTag(['t-a']);
    await inScope(early, () => cache.set('/race-a', page('<p>old</p>', 't-a,other'), {}));
    expect(await htmlOf('/race-a')).toBeUndefined();

    const late: Scope = { startedAt: state.tick() };
    await inScope(late, () => cache.set('/race-a', page('<p>new</p>', 't-a'), {}));
    expect(await htmlOf('/race-a')).toContain('<p>new</p>');
    // The early render finishing even later still cannot replace it.
    await inScope(early, () => cache.set('/race-a', page('<p>old</p>', 't-a'), {}));
    expect(await htmlOf('/race-a')).toContain('<p>new</p>');
    state.endScope(early);
    state.endScope(late);
  });

  it('applies to cached reads (tags in the context) and ignores expiries of other tags', async () => {
    const scope: Scope = { startedAt: state.tick() };
    await cache.revalidateTag('t-unrelated');
    await inScope(scope, () => cache.set('read-b', { kind: 'FETCH', data: { body: 'x' } }, { tags: ['t-b'] }));
    expect(await cache.get('read-b')).not.toBeNull();
    await cache.revalidateTag('t-b');
    expect(await cache.get('read-b')).toBeNull();
    await inScope(scope, () => cache.set('read-b', { kind: 'FETCH', data: { body: 'x' } }, { tags: ['t-b'] }));
    expect(await cache.get('read-b')).toBeNull();
  });

  it('without a scope, the earliest pending get() of the key stands for the start', async () => {
    expect(await cache.get('/race-c')).toBeNull();
    await cache.revalidateTag('t-c');
    await cache.set('/race-c', page('<p>old</p>', 't-c'), {});
    expect(await htmlOf('/race-c')).toBeUndefined();
    expect(await cache.get('/race-c')).toBeNull();
    await cache.set('/race-c', page('<p>new</p>', 't-c'), {});
    expect(await htmlOf('/race-c')).toContain('<p>new</p>');
  });
});

describe('cache handler: last good copies (stale-if-error)', () => {
  it('keeps the replays of an entry a write expired, found by URL in an encoding the client takes', async () => {
    const scope: Scope = { startedAt: state.tick() };
    await inScope(scope, () => cache.set('/stale-d', page('<p>good</p>', 't-d'), {}));
    await inScope(scope, () => cache.get('/stale-d'));
    const gzip: Replay = { status: 200, headers: ['Content-Encoding', 'gzip'], body: Buffer.from('gz') };
    const plain: Replay = { status: 200, headers: ['Content-Type', 'text/html'], body: Buffer.from('plain') };
    expect(state.keepReplay(scope.entry, '/stale-d\ngzip\n', gzip)).toBe(true);
    expect(state.keepReplay(scope.entry, '/stale-d\n\n', plain)).toBe(true);
    expect(state.findRetired('/stale-d\ngzip\n', () => true)).toBeUndefined();

    await cache.revalidateTag('t-d');
    expect(state.findRetired('/stale-d\ngzip\n', () => true)).toBe(gzip);
    expect(state.findRetired('/stale-d\ngzip, br\n', (coding) => coding === 'gzip')).toBe(gzip);
    expect(state.findRetired('/stale-d\nbr\n', (coding) => coding === 'identity')).toBe(plain);
    expect(state.findRetired('/stale-d\ngzip\nar', () => true)).toBeUndefined();
    expect(state.findRetired('/other\ngzip\n', () => true)).toBeUndefined();
  });
});
