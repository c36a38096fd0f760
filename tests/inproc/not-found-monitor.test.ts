import { afterAll, describe, expect, it } from 'vitest';
import { unique } from '../helpers/api';
import { testDb } from '../helpers/db';
import { NOT_FOUND_LIMITS } from '@/lib/redirects/rules';
import { serverPool } from '@/server/database';
import { NotFoundMonitor } from '@/server/not-found';

// Issue 37 item 4: the 404 monitor the HTTP server feeds (server/not-found.ts), on this file's own
// database with its real SQL: what it counts, and its bounds under 10,000 random paths (the buffer
// between two writes, the rows kept). The HTTP server calling it after Next's 404, on two
// instances, is tests/integration/redirects.test.ts.

const pool = serverPool(process.env.DATABASE_URL)!;
const said: string[] = [];
const monitor = new NotFoundMonitor(pool, (message) => said.push(message));
afterAll(async () => {
  await pool.end();
  await testDb.$disconnect();
});

const PERSON = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('the 404 monitor', () => {
  it('counts a person’s 404s by path; a crawler’s, a probe’s and an over-long path are not counted', async () => {
    const wanted = `/${unique('old-gallery')}`;
    for (let i = 0; i < 3; i++) monitor.record(wanted, PERSON);
    monitor.record(`/${unique('crawled')}`, 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)');
    monitor.record('/wp-login.php', PERSON);
    monitor.record('/.env', PERSON);
    monitor.record(`/${'x'.repeat(NOT_FOUND_LIMITS.pathChars + 1)}`, PERSON);
    await monitor.flush();
    expect(await testDb.notFoundPath.findMany({ select: { path: true, hits: true } })).toEqual([{ path: wanted, hits: 3 }]);
    // Counted again later: added to the row, its last time moved.
    const before = await testDb.notFoundPath.findUniqueOrThrow({ where: { path: wanted } });
    monitor.record(wanted, PERSON);
    await monitor.flush();
    const after = await testDb.notFoundPath.findUniqueOrThrow({ where: { path: wanted } });
    expect([after.hits, after.firstAt.getTime(), after.lastAt >= before.lastAt]).toEqual([4, before.firstAt.getTime(), true]);
  });

  it('10,000 random paths: at most 500 held between two writes (the rest said in the log), the table at its 1,000 rows, the path people ask for kept', async () => {
    const wanted = (await testDb.notFoundPath.findFirstOrThrow()).path;
    // 10,000 paths in 25 rounds of the HTTP server's writes; the first round gets 600 at once.
    let sent = 0;
    for (const size of [600, ...Array<number>(23).fill(400), 200]) {
      for (let i = 0; i < size; i++) monitor.record(`/${Math.random().toString(36).slice(2)}-${sent++}`, PERSON);
      await monitor.flush();
    }
    expect(sent).toBe(10_000);
    expect(said).toContain(`[404 monitor] 100 404s of further distinct paths were not counted (over 500 in 5000 ms)`);
    expect(await testDb.notFoundPath.count()).toBe(NOT_FOUND_LIMITS.rows);
    expect((await testDb.notFoundPath.findUniqueOrThrow({ where: { path: wanted } })).hits).toBe(4);
  });

  it('a path not asked for in 30 days leaves the list at the next write', async () => {
    const old = `/${unique('last-year')}`;
    await testDb.notFoundPath.create({ data: { path: old, hits: 50, lastAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) } });
    monitor.record(`/${unique('today')}`, PERSON);
    await monitor.flush();
    expect(await testDb.notFoundPath.findUnique({ where: { path: old } })).toBeNull();
  });

  it('the database unreachable: said once, the counts kept for the next write', async () => {
    const lost = serverPool('postgresql://postgres@127.0.0.1:1/none')!;
    const lines: string[] = [];
    const cut = new NotFoundMonitor(lost, (message) => lines.push(message));
    cut.record('/kept-through-a-fault', PERSON);
    await cut.flush();
    cut.record('/kept-through-a-fault', PERSON);
    await cut.flush();
    expect(lines).toEqual(['[404 monitor] database unreachable; keeping what is held, trying again']);
    // The same counts, written through a reachable database once it is back.
    const back = new NotFoundMonitor(pool, () => {});
    (back as unknown as { counts: unknown }).counts = (cut as unknown as { counts: unknown }).counts;
    await back.flush();
    expect((await testDb.notFoundPath.findUniqueOrThrow({ where: { path: '/kept-through-a-fault' } })).hits).toBe(2);
    await lost.end();
  });
});
