import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { unique } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { inParallel } from '../helpers/security-record-fixtures';
import { freePort, spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import { NOT_FOUND_LIMITS } from '@/lib/redirects/rules';

// Issue 37 item 4 over HTTP: redirects are served by the HTTP server (server/redirects.ts) before
// the page and its kept copy, on every instance within a second of a save on any of them, with
// their hits added up from both; the 404 monitor (server/not-found.ts) counts what a person asked
// for, not crawlers or probes, and stays bounded under 10,000 random paths. Two instances of the
// build on the test database, as behind a balancer. The forms' rules and refusals are
// tests/inproc/redirects.test.ts; the screens, tests/e2e/redirects.spec.ts.

const env = { DATABASE_URL: process.env.DATABASE_URL!, UPLOADS_DIR: process.env.UPLOADS_DIR!, AUTH_SECRET: process.env.AUTH_SECRET! };
const PORTS = [3411, 3412, 3413, 3414, 3415, 3416];
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

let a: SpawnedServer;
let b: SpawnedServer;
let cookie = '';
const made: number[] = [];
beforeAll(async () => {
  a = await spawnServer(env, await freePort([], PORTS));
  b = await spawnServer(env, await freePort([a.port], PORTS));
  cookie = await sessionCookie((await makeUser('mini')).email, a.base);
}, 120_000);
afterAll(async () => {
  await testDb.redirect.deleteMany({ where: { id: { in: made } } });
  await Promise.all([a?.kill('SIGKILL'), b?.kill('SIGKILL')]);
  await testDb.$disconnect();
});

const get = (server: SpawnedServer, path: string, agent = BROWSER) =>
  fetch(`${server.base}${path}`, { redirect: 'manual', headers: { 'User-Agent': agent } });

async function save(server: SpawnedServer, fields: Record<string, string | number>): Promise<number> {
  const answer = await invoke('saveRedirectForm', formCall({ locale: 'en', ...fields }), cookie, '/Admin/Redirects/New', server.base);
  // Next's action redirect header: the address, then ";push".
  const id = Number(/\/Admin\/Redirects\?saved=(\d+)(?:;push)?$/.exec(answer.redirect)?.[1]);
  expect(id, `${answer.redirect} ${JSON.stringify(answer.result)}`).toBeGreaterThan(0);
  made.push(id);
  return id;
}

/** Asks `server` every 25 ms (at most 3 s) until `path` answers `status`; how long since `since` that took, in ms. */
async function until(server: SpawnedServer, path: string, status: number, since: number): Promise<{ ms: number; location: string | null }> {
  for (let i = 0; i < 120; i++) {
    const res = await get(server, path);
    await res.arrayBuffer();
    if (res.status === status) return { ms: performance.now() - since, location: res.headers.get('location') };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${server.base}${path} never answered ${status}`);
}

describe('redirects are served before the page, on every instance, within a second of a save', () => {
  it('saved on one instance: a 301 on both within 1 s, the query kept; changed to a 302 on the other: both within 1 s; deleted: the page again', async () => {
    const from = `/${unique('brochure-led')}`;
    expect((await get(a, from)).status).toBe(404);
    // Timed from the save's answer (the action's answer carries the next screen, rendered: not the redirect's time).
    const id = await save(a, { from, to: '/Services/led-screens', status: '301' });
    let since = performance.now();
    const first = await Promise.all([until(a, from, 301, since), until(b, from, 301, since)]);
    console.log(`[redirects] a save served by both instances after ${first.map((r) => Math.round(r.ms)).join(' and ')} ms`);
    for (const seen of first) expect(seen).toEqual({ ms: expect.any(Number), location: '/Services/led-screens' });
    for (const seen of first) expect(seen.ms).toBeLessThan(1000);
    const withQuery = await get(b, `${from.toUpperCase()}/?utm_source=print`);
    expect([withQuery.status, withQuery.headers.get('location'), withQuery.headers.get('cache-control')]).toEqual([
      301,
      '/Services/led-screens?utm_source=print',
      'private, max-age=3600',
    ]);

    const row = await testDb.redirect.findUniqueOrThrow({ where: { id } });
    const other = await sessionCookie((await makeUser('admin')).email, b.base);
    const changed = await invoke(
      'saveRedirectForm',
      formCall({ locale: 'en', id, version: row.updatedAt.toISOString(), from, to: 'https://partner.example/led', status: '302' }),
      other,
      '/Admin/Redirects/New',
      b.base,
    );
    expect(changed.redirect).toMatch(new RegExp(`^/Admin/Redirects\\?saved=${id}(;push)?$`));
    since = performance.now();
    const second = await Promise.all([until(a, from, 302, since), until(b, from, 302, since)]);
    for (const seen of second) expect(seen.location).toBe('https://partner.example/led');
    for (const seen of second) expect(seen.ms).toBeLessThan(1000);
    expect((await get(a, from)).headers.get('cache-control')).toBe('no-store');

    expect((await invoke('deleteRedirectForm', formCall({ id, locale: 'en' }), cookie, '/Admin/Redirects/1', a.base)).redirect).toMatch(
      /^\/Admin\/Redirects\?deleted=1(;push)?$/,
    );
    since = performance.now();
    const gone = await Promise.all([until(a, from, 404, since), until(b, from, 404, since)]);
    for (const seen of gone) expect(seen.ms).toBeLessThan(1000);
  });

  it('a redirect over a page with a kept copy is served before the copy; the hits of both instances add up', async () => {
    // /Privacy kept by instance a (its second answer is the copy).
    await (await get(a, '/Privacy')).text();
    expect((await get(a, '/Privacy')).headers.get('x-page-replay')).toBe('1');
    const id = await save(b, { from: '/Privacy', to: '/AboutUs', status: '302' });
    const since = performance.now();
    try {
      const seen = await until(a, '/Privacy', 302, since);
      expect(seen.ms).toBeLessThan(1000);
      let answered = 1;
      await until(b, '/Privacy', 302, since).then(() => answered++);
      for (let i = 0; i < 5; i++) for (const server of [a, b]) if ((await get(server, '/privacy')).status === 302) answered++;
      // The polls above counted too: every 302 either instance answered, in the row within 3 s.
      let hits = 0;
      for (let i = 0; i < 30 && hits < answered; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        hits = (await testDb.redirect.findUniqueOrThrow({ where: { id } })).hits;
      }
      expect(hits).toBeGreaterThanOrEqual(answered);
      expect((await testDb.redirect.findUniqueOrThrow({ where: { id } })).lastHitAt).toBeInstanceOf(Date);
    } finally {
      await testDb.redirect.delete({ where: { id } });
    }
    const back = await until(a, '/Privacy', 200, performance.now());
    expect(back.ms).toBeLessThan(1000);
  });
});

describe('the Redirects screen', () => {
  it('lists a page of 50 at a time, whatever the count: 60 more make a second page, each page its own rows', async () => {
    const prefix = unique('listed');
    const rows = await testDb.redirect.createManyAndReturn({
      data: Array.from({ length: 60 }, (_, i) => ({ fromPath: `/${prefix}-${i}`, fromKey: `/${prefix}-${i}`, toUrl: '/Services' })),
      select: { id: true },
    });
    made.push(...rows.map((row) => row.id));
    const total = await testDb.redirect.count();
    const screen = async (query: string) => {
      const res = await fetch(`${a.base}/Admin/Redirects${query}`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      const html = await res.text();
      return { html, rows: html.match(/data-testid="redirect-row"/g)?.length ?? 0 };
    };
    const first = await screen('');
    expect(first.rows).toBe(50);
    expect(first.html).toContain(`/${prefix}-59`);
    expect(first.html).toContain(`Page 1 of ${Math.ceil(total / 50)}`);
    const last = await screen(`?page=${Math.ceil(total / 50)}`);
    expect(last.rows).toBe(total - 50 * (Math.ceil(total / 50) - 1));
    // Past the last page: the last.
    expect((await screen('?page=999')).rows).toBe(last.rows);
  });
});

describe('the 404 monitor', () => {
  it('counts a person’s 404s on either instance, not a crawler’s or a probe’s; 200 random paths more than it keeps leave it at its bound, the path people ask for kept', async () => {
    const wanted = `/${unique('old-gallery')}`;
    const crawled = `/${unique('crawled')}`;
    for (let i = 0; i < 3; i++) expect((await get(i % 2 ? a : b, wanted)).status).toBe(404);
    expect((await get(a, crawled, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).status).toBe(404);
    expect((await get(a, crawled, 'curl/8.5.0')).status).toBe(404);
    const probe = `/${unique('probe')}.php.bak`;
    expect((await get(a, probe)).status).toBe(404);
    let row = null;
    for (let i = 0; i < 80 && row?.hits !== 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await testDb.notFoundPath.findUnique({ where: { path: wanted } });
    }
    expect(row?.hits).toBe(3);
    expect(await testDb.notFoundPath.count({ where: { path: { in: [crawled, probe] } } })).toBe(0);

    // The table nearly full of one-off paths (as after earlier floods), then more through both
    // servers: still at its bound, the path asked for three times kept. Each 404 is a render, so
    // the brief's 10,000 random paths are the in-process tier's (tests/inproc/not-found-monitor.test.ts).
    const flood = unique('flood');
    const room = NOT_FOUND_LIMITS.rows - (await testDb.notFoundPath.count());
    await testDb.notFoundPath.createMany({
      data: Array.from({ length: room - 10 }, (_, i) => ({
        path: `/${flood}-earlier-${i}`,
        hits: 1,
        lastAt: new Date(Date.now() - 60_000),
      })),
    });
    const started = performance.now();
    const statuses = await inParallel(200, 8, async (i) => {
      const res = await get(i % 2 ? a : b, `/${flood}-${i}-${Math.random().toString(36).slice(2)}`);
      await res.arrayBuffer();
      return res.status;
    });
    console.log(`[404 monitor] 200 random paths in ${Math.round(performance.now() - started)} ms`);
    expect(statuses.every((s) => s === 404)).toBe(true);
    // Each instance's next write, then the table at its bound exactly.
    await new Promise((resolve) => setTimeout(resolve, NOT_FOUND_LIMITS.flushMs + 1_000));
    expect(await testDb.notFoundPath.count()).toBe(NOT_FOUND_LIMITS.rows);
    expect((await testDb.notFoundPath.findUnique({ where: { path: wanted } }))?.hits).toBe(3);
  }, 120_000);
});
