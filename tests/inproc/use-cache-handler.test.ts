import { spawn, type ChildProcess } from 'node:child_process';
import type { CacheEntry, CacheHandler } from 'next/cache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUseCacheHandler } from '@/server/use-cache-handler';
import { freeLoopbackPort, portAnswers, redisServerArgs } from '../helpers/loopback';

// server/use-cache-handler.ts, the store behind `'use cache'`, in-process, as two instances of the
// site use it: two handlers on one real Redis (a redis-server started here), each with its own
// process-local tag state, and one without Redis. No app server and no database: two servers
// sharing their pages through it on one Redis are the HTTP tier's (multi-instance.test.ts).

let port = 0;
let redis: ChildProcess | null = null;
const prefix = `uc-test-${process.pid}:`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

async function startRedis() {
  redis = spawn('redis-server', redisServerArgs(port), { stdio: 'ignore' });
  for (let i = 0; i < 100 && !(await portAnswers(port)); i++) await sleep(50);
}

async function stopRedis() {
  const child = redis;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function entry(text: string, tags: string[], timestamp = now()): Promise<CacheEntry> {
  return Promise.resolve({
    value: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    }),
    tags,
    stale: 30,
    timestamp,
    expire: 60,
    revalidate: 30,
  });
}

async function read(handler: CacheHandler, key: string): Promise<string | undefined> {
  const found = await handler.get(key, []);
  return found ? new TextDecoder().decode(await new Response(found.value).arrayBuffer()) : undefined;
}

/** Retries a check while the Redis client (re)connects. */
async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(50);
  }
}

let a: CacheHandler;
let b: CacheHandler;

beforeAll(async () => {
  port = await freeLoopbackPort();
  await startRedis();
  const env = { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: prefix };
  a = createUseCacheHandler(env);
  b = createUseCacheHandler(env);
  await until(async () => {
    await Promise.all([a.refreshTags(), b.refreshTags()]);
    return (await a.getExpiration(['x'])) === 0 && (await b.getExpiration(['x'])) === 0;
  }, 5_000);
});

afterAll(stopRedis);

describe('two instances on one Redis', () => {
  it('share entries: what one stores, the other reads, as many times as it asks', async () => {
    await a.set('k1', entry('slides in English', ['slides']));
    await b.refreshTags();
    expect(await read(b, 'k1')).toBe('slides in English');
    expect(await read(b, 'k1')).toBe('slides in English');
    expect(await read(a, 'k1')).toBe('slides in English');
  });

  it("share expiries: a write's tag on one makes the other's next request miss, and entries begun before it stay missing", async () => {
    const begun = now();
    await a.set('k2', entry('services v1', ['services'], begun));
    await b.refreshTags();
    expect(await read(b, 'k2')).toBe('services v1');
    await sleep(2);
    await a.updateTags(['services'], { expire: 0 });
    // Before B's next request syncs, it still trusts what it knew; its next request does not.
    await b.refreshTags();
    expect(await read(b, 'k2')).toBeUndefined();
    expect(await b.getExpiration(['services'])).toBeGreaterThan(begun);
    // A render that began before the write and finishes after it is stored, but never served.
    await b.set('k2', entry('services v1 (late)', ['services'], begun));
    expect(await read(a, 'k2')).toBeUndefined();
    // One begun after it is.
    await b.set('k2', entry('services v2', ['services']));
    expect(await read(a, 'k2')).toBe('services v2');
    // Other tags are untouched.
    expect(await read(b, 'k1')).toBe('slides in English');
  });

  it('Redis down: nothing cached is served, an expiry made meanwhile reaches the other instance once Redis is back', async () => {
    await a.set('k3', entry('team v1', ['team']));
    await b.refreshTags();
    expect(await read(b, 'k3')).toBe('team v1');
    await stopRedis();
    await a.refreshTags();
    expect(await read(a, 'k3')).toBeUndefined();
    expect(await a.getExpiration(['team'])).toBe(Infinity);
    const beforeWrite = now();
    await sleep(2);
    await a.updateTags(['team'], { expire: 0 });
    await b.refreshTags();
    expect(await read(b, 'k3')).toBeUndefined();

    // Redis comes back (empty: the entries went with it); A sends the expiry it could not write.
    await startRedis();
    await until(async () => {
      await a.refreshTags();
      await b.refreshTags();
      // Infinity: the shared expiries are not known yet (Redis still reconnecting).
      const [onA, onB] = await Promise.all([a.getExpiration(['team']), b.getExpiration(['team'])]);
      return Number.isFinite(onA) && Number.isFinite(onB) && onB > beforeWrite;
    }, 15_000);
    // On B, a read begun before A's write is never served; one begun after is, on both.
    await b.set('k3', entry('team v1, read before the write', ['team'], beforeWrite));
    expect(await read(b, 'k3')).toBeUndefined();
    await b.set('k3', entry('team v2', ['team']));
    expect(await read(a, 'k3')).toBe('team v2');
  }, 30_000);

  it('a write made while the client is still reconnecting to a Redis just back reaches the other instance without a further request on the writer', async () => {
    await stopRedis();
    // Both clients notice and start retrying.
    await a.refreshTags();
    await b.refreshTags();
    await sleep(1_200);
    await startRedis();
    // At once: A's client is most likely still between two tries (the multi-instance run saw
    // this write lost until A's next request, while /readyz already answered 200).
    const written = now();
    await a.updateTags(['clients'], { expire: 0 });
    // Only B refreshes: A sends nothing more on its own.
    await until(async () => {
      await b.refreshTags();
      const onB = await b.getExpiration(['clients']);
      return Number.isFinite(onB) && onB >= written;
    }, 5_000);
  }, 30_000);
});

describe('without Redis', () => {
  it('keeps entries in memory and expires them by tag, for entries begun before the expiry only', async () => {
    const local = createUseCacheHandler({});
    const begun = now();
    await local.set('m', entry('clients v1', ['clients'], begun));
    expect(await read(local, 'm')).toBe('clients v1');
    await sleep(2);
    await local.updateTags(['clients']);
    expect(await read(local, 'm')).toBeUndefined();
    await local.set('m', entry('clients v2', ['clients']));
    expect(await read(local, 'm')).toBe('clients v2');
    // An entry asked to be kept no time at all (a database fault's answer) is not kept.
    await local.set('dynamic', Promise.resolve({ ...(await entry('x', [])), expire: 0 }));
    expect(await read(local, 'dynamic')).toBeUndefined();
  });
});
