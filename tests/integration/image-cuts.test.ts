import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, userWithToken } from '../helpers/api';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { testDb } from '../helpers/db';
import { filesIn, madeCount, slideForm } from '../helpers/image-cuts-fixtures';
import { treeCpuSeconds, whenIdle } from '../helpers/process-tree';
import { freePort, spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import { cutName, withCuts } from '@/lib/uploads/cuts';

// Issue 34: the share and portrait cuts are made once, at upload, and stored beside the original
// (lib/uploads/cuts.ts); the media route serves the stored file. Cutting on request cost ~176 ms
// CPU a time, and 17 distinct images were enough to defeat the 16-entry cache it had. Here what
// needs a server of the test's own: what a request for a stored cut costs its CPU (read from
// /proc), through the public /sliderimges/ addresses (rewritten to the media route), for 40 stored
// cuts, the originals and an old upload's cut once made; and the sweep a server restarted with
// other settings (ORPHAN_SWEEP_MINUTES, ORPHAN_GRACE_SECONDS) runs at its start, which keeps a
// live photo's and a restorable one's cuts and removes those whose photo is gone. On its own
// uploads folder so every file can be checked. The cuts stored at upload, the route's exact
// answers and refusals, a missing cut made once (12 requests at once too), and the cuts following
// their photo through a replace, a delete and a restore are tests/inproc/image-cuts.test.ts.

deleteContentAddedByThisFile();

const dir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-cuts-'));
const env = {
  DATABASE_URL: process.env.DATABASE_URL!,
  UPLOADS_DIR: dir,
  AUTH_SECRET: process.env.AUTH_SECRET!,
  // Swept only when a test restarts it to sweep.
  ORPHAN_SWEEP_MINUTES: '0',
};
/** Ports away from 3100-3129, where another session's servers run. */
const PORTS = [3401, 3402, 3403, 3404, 3405, 3406, 3407, 3408, 3409];
/** What one request for a stored cut may cost the server on average (the brief's bound). */
const CPU_PER_CUT_MS = 20;

let server: SpawnedServer;
let admin: string;
let adminEmail: string;
let cookie: string;
beforeAll(async () => {
  const made = await userWithToken('admin');
  admin = made.token!;
  adminEmail = made.user!.email;
  server = await spawnServer(env, await freePort([], PORTS));
  cookie = await sessionCookie(adminEmail, server.base);
}, 120_000);
afterAll(async () => {
  await server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const files = (folder: string) => filesIn(dir, folder);

/** A slide saved through the back office (the admin action, a signed-in session), as staff save one. */
async function upload(i: number): Promise<{ id: number; img: string }> {
  const saved = await invoke('saveItem', itemCall('slides', null, await slideForm(i)), cookie, undefined, server.base);
  expect(saved.result).toEqual({ ok: true });
  const row = await testDb.slide.findFirstOrThrow({ orderBy: { id: 'desc' } });
  return { id: row.id, img: row.image };
}

const get = async (url: string) => {
  const res = await fetch(`${server.base}${url}`);
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
};

const madeLines = (cut: string, name: string) => madeCount(server.output(), cut, name);

describe('cuts are made at upload and served from the store', () => {
  const slides: { id: number; img: string }[] = [];
  // The 40 photos the requests ask for, uploaded through this server (what is stored is the in-process tier's).
  beforeAll(async () => {
    for (let i = 0; i < 40; i++) slides.push(await upload(i));
  }, 180_000);

  // The exact cuts answered (their sizes and bytes, the stored files) are the in-process tier's half.
  it(`40 share and 40 portrait requests cost < ${CPU_PER_CUT_MS} ms CPU each on average, and are the exact cuts (server half: the CPU a request costs the server)`, async () => {
    // Warm: the route's code loads on its first request.
    expect((await get(`/sliderimges/${slides[0]!.img}`)).status).toBe(200);
    expect((await get(`/sliderimges/${slides[0]!.img}?crop=square`)).status).toBe(400);
    await whenIdle(server.pid);
    const before = treeCpuSeconds(server.pid);
    const answers: { img: string; share: Awaited<ReturnType<typeof get>>; portrait: Awaited<ReturnType<typeof get>> }[] = [];
    for (const { img } of slides) {
      answers.push({ img, share: await get(`/sliderimges/${img}?crop=share`), portrait: await get(`/sliderimges/${img}?crop=portrait`) });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cpuMs = ((treeCpuSeconds(server.pid) - before) * 1000) / (answers.length * 2);
    const bytes = answers.reduce((sum, a) => sum + a.share.body.length + a.portrait.body.length, 0) / (answers.length * 2);
    console.log(
      `[cuts] ${answers.length * 2} stored-cut requests: ${cpuMs.toFixed(1)} ms CPU each on average (${Math.round(bytes / 1024)} KB each)`,
    );
    expect(cpuMs).toBeLessThan(CPU_PER_CUT_MS);
    // What was measured were the stored cuts' answers, none made on request.
    for (const { share, portrait } of answers) {
      expect([share.status, share.type, portrait.status, portrait.type]).toEqual([200, 'image/jpeg', 200, 'image/jpeg']);
    }
    expect(server.output()).not.toContain('[uploads] made the ');

    // For scale: the same route serving the 40 originals (what any stored file costs, no cut).
    await whenIdle(server.pid);
    const plainBefore = treeCpuSeconds(server.pid);
    for (const { img } of slides) expect((await get(`/sliderimges/${img}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const plainMs = ((treeCpuSeconds(server.pid) - plainBefore) * 1000) / slides.length;
    console.log(`[cuts] ${slides.length} original-file requests (no crop): ${plainMs.toFixed(1)} ms CPU each on average`);
  }, 120_000);
});

describe('an upload from before stored cuts', () => {
  // Made once, stored, its size and bytes, and 12 first requests at once are the in-process tier's half.
  it('gets its cut made once by its first request, stored; the second request reads it (fast, the same bytes) (server half: the CPU to make it and to read it)', async () => {
    const { img } = await upload(100);
    // As an older upload (or the demo seed's) is stored: the original alone.
    for (const name of withCuts(img).slice(1)) rmSync(path.join(dir, 'slides', name));
    expect(files('slides').filter((name) => name.startsWith(img))).toEqual([img]);

    await whenIdle(server.pid);
    let before = treeCpuSeconds(server.pid);
    const first = await get(`/sliderimges/${img}?crop=share`);
    const missMs = (treeCpuSeconds(server.pid) - before) * 1000;
    expect(first.status).toBe(200);
    expect(madeLines('share', img)).toBe(1);

    await whenIdle(server.pid);
    before = treeCpuSeconds(server.pid);
    const rounds = 10;
    const again: Buffer[] = [];
    for (let i = 0; i < rounds; i++) again.push((await get(`/sliderimges/${img}?crop=share`)).body);
    const hitMs = ((treeCpuSeconds(server.pid) - before) * 1000) / rounds;
    console.log(
      `[cuts] an old upload's share cut: ${missMs.toFixed(0)} ms CPU to make and store once, then ${hitMs.toFixed(1)} ms a request`,
    );
    for (const body of again) expect(body.equals(first.body)).toBe(true);
    expect(hitMs).toBeLessThan(CPU_PER_CUT_MS);
    expect(madeLines('share', img)).toBe(1);
  }, 60_000);
});

const HOURS_AGO = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe('cuts follow their original: trash, and the sweeper', () => {
  // A replace, a delete and a restore taking the cuts with the photo are the in-process tier's half.
  it("a delete moves the cuts to the trash with the photo; the sweeper keeps a live photo's and a restorable one's, and removes those whose photo is gone (server half: the sweep at a restarted server's start)", async () => {
    const live = await upload(200);
    const deleted = await upload(201);
    // Deleted: in the trash with its cuts, restorable (the activity log's entry is new).
    expect((await call(`/api/slider/${deleted.id}`, { base: server.base, token: admin, method: 'DELETE' })).status).toBe(200);
    expect(files('trash-slides')).toEqual(withCuts(deleted.img).sort());

    // A photo deleted 40 days ago, past its restore window, its cuts with it in the trash; and a
    // cut whose photo is gone from the served folder (a crash between the two removals).
    const purged = `${Date.now() - 40 * 86_400_000}-purged.jpg`;
    const photoBytes = readFileSync(path.join(dir, 'slides', live.img));
    for (const name of withCuts(purged)) writeFileSync(path.join(dir, 'trash-slides', name), photoBytes);
    await testDb.activityLog.create({
      data: {
        kind: 'delete',
        entity: 'slides',
        entityId: 2_000_000_340,
        snapshot: { id: 2_000_000_340, image: purged, sortOrder: 0 },
        createdAt: HOURS_AGO(24 * 40),
      },
    });
    const strayCut = cutName(`${Date.now() - 7200_000}-gone.jpg`, 'share');
    mkdirSync(path.join(dir, 'slides'), { recursive: true });
    writeFileSync(path.join(dir, 'slides', strayCut), photoBytes);

    // Time passes beyond the grace period for every file.
    for (const folder of ['slides', 'trash-slides']) {
      for (const name of files(folder)) utimesSync(path.join(dir, folder, name), HOURS_AGO(2), HOURS_AGO(2));
    }
    const slidesBefore = files('slides');
    await server.kill();
    server = await spawnServer({ ...env, ORPHAN_SWEEP_MINUTES: '60', ORPHAN_GRACE_SECONDS: '600' }, await freePort([], PORTS));
    await server.waitForOutput(/\[uploads\] orphan sweep done: \d+ removed, \d+ kept/);
    const removed = [...server.output().matchAll(/\[uploads\] removed orphan (\S+) /g)].map((m) => m[1]).sort();
    expect(removed).toEqual([...withCuts(purged).map((name) => `trash-slides/${name}`), `slides/${strayCut}`].sort());
    expect(files('slides')).toEqual(slidesBefore.filter((name) => name !== strayCut));
    expect(files('slides').filter((name) => name.startsWith(live.img))).toEqual(withCuts(live.img).sort());
    expect(files('trash-slides')).toEqual(withCuts(deleted.img).sort());
    // The live photo's cut is served as stored (not made again).
    expect((await get(`/sliderimges/${live.img}?crop=share`)).status).toBe(200);
    expect(server.output()).not.toContain('[uploads] made the ');
  }, 180_000);
});
