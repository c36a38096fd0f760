import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentVersion } from '@/lib/server/content-version.mjs';
import { freeLoopbackPort, portAnswers, redisServerArgs } from '../helpers/loopback';

// The shared content version (lib/server/content-version.mjs) between two "instances" in this
// process, against a real Redis the test starts on a free port, stops and starts again.

let port = 0;
let redis: ChildProcess | null = null;

async function startRedis() {
  redis = spawn('redis-server', redisServerArgs(port), { stdio: 'ignore' });
  await until(() => portAnswers(port), 5_000);
}

async function stopRedis() {
  const child = redis;
  redis = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

const until = async (check: () => boolean | Promise<boolean>, ms: number) => {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${ms} ms`);
};

const silent = { warn: () => {}, error: () => {}, info: () => {} };
let staleA = 0;
let staleB = 0;
let a: ReturnType<typeof contentVersion>;
let b: ReturnType<typeof contentVersion>;

beforeAll(async () => {
  port = await freeLoopbackPort();
  await startRedis();
  const url = `redis://127.0.0.1:${port}`;
  a = contentVersion({ url, onStale: () => (staleA += 1), log: silent });
  b = contentVersion({ url, onStale: () => (staleB += 1), log: silent });
  await until(() => a.status() === 'ok' && b.status() === 'ok', 5_000);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await stopRedis();
});

describe('shared content version', () => {
  it('a write on one instance makes the other empty its caches on its very next request, once', async () => {
    expect(await a.sync()).toBe(true);
    expect(await b.sync()).toBe(true);
    const [beforeA, beforeB] = [staleA, staleB];
    await a.bump();
    expect(await b.sync()).toBe(true);
    expect(staleB).toBe(beforeB + 1);
    expect(await b.sync()).toBe(true);
    expect(staleB).toBe(beforeB + 1);
    // The writer expired its own caches with the write: its next read empties nothing more.
    expect(await a.sync()).toBe(true);
    expect(staleA).toBe(beforeA);
  });

  it('requests that arrive together share one read', async () => {
    await a.bump();
    const before = staleB;
    const results = await Promise.all(Array.from({ length: 20 }, () => b.sync()));
    expect(results.every(Boolean)).toBe(true);
    expect(staleB).toBe(before + 1);
  });

  it('Redis down: no cache is trusted, readiness fails; back: caches emptied, the missed write counted, ready again', async () => {
    await stopRedis();
    await until(async () => !(await b.sync()), 5_000);
    expect(b.status()).toBe('down');
    await expect(b.ready()).rejects.toThrow();
    // A write while Redis is down: this instance serves uncached until it is counted.
    await a.bump();
    expect(await a.sync()).toBe(false);

    const before = staleB;
    await startRedis();
    // Ready again once both read the version and the write made meanwhile has been counted.
    // (until throws after 15 s.)
    await until(async () => (await b.sync()) && (await a.sync()) && a.status() === 'ok' && b.status() === 'ok', 15_000);
    await b.ready();
    await a.ready();
    // Emptied on the way back (writes may have happened meanwhile, and the missed one was counted)...
    expect(await b.sync()).toBe(true);
    expect(staleB).toBeGreaterThan(before);
    // ...then trusted again: no further emptying without a further write.
    const settled = staleB;
    expect(await b.sync()).toBe(true);
    expect(await b.sync()).toBe(true);
    expect(staleB).toBe(settled);
  });
});
