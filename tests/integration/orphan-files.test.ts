import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshIp, imageFile, userWithToken } from '../helpers/api';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { testDb } from '../helpers/db';
import { freePort, spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import { withCuts } from '@/lib/uploads/cuts';

// No orphan files, ever (issue 16), over real PostgreSQL and real server processes: concurrent
// updates of one row delete exactly the file the row held at commit (row locks between the
// server's connections; PGlite serves one connection at a time), a server killed mid-upload is
// cleaned up by the sweeper at its next start, a server whose database is down skips the sweep, and
// one started while another instance holds the sweep lock (another connection) skips it. The
// sweep's rules on planted files (a crash leftover, a half-written file, an upload in flight, a
// deleted item's files in and out of the trash, expired one-time links) are
// tests/inproc/orphan-files.test.ts (the sweep half).

deleteContentAddedByThisFile();

const files = (dir: string, folder: string) => {
  try {
    return readdirSync(path.join(dir, folder)).sort();
  } catch {
    return [];
  }
};

let admin: string;
const spawned: SpawnedServer[] = [];
const tempDirs: string[] = [];
beforeAll(async () => {
  admin = (await userWithToken('admin')).token!;
});
afterAll(async () => {
  for (const server of spawned) await server.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  await testDb.$disconnect();
});

const mainDir = process.env.UPLOADS_DIR!;

describe('concurrent image updates of one row', () => {
  it('20 at once leave exactly one stored file for the row, the one it refers to', async () => {
    const created = await call('/api/slider', { token: admin, form: { img: await imageFile('first.jpg') } });
    expect(created.status).toBe(201);
    const id: number = created.data.id;
    const before = files(mainDir, 'slides');
    expect(before).toContain(created.data.img);

    const uploads = await Promise.all(Array.from({ length: 20 }, (_, i) => imageFile(`u${i}.jpg`, 'jpeg', 48 + i)));
    const results = await Promise.all(uploads.map((img) => call(`/api/slider/${id}`, { token: admin, form: { img, _method: 'PUT' } })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));

    const row = await testDb.slide.findUniqueOrThrow({ where: { id } });
    const written = new Set<string>([created.data.img, ...results.map((r) => r.data[0].img as string)]);
    expect(written.size).toBe(21);
    expect(written.has(row.image)).toBe(true);
    const after = files(mainDir, 'slides');
    // Of the 21 files this row ever had, exactly one is stored: the one it refers to.
    expect(after.filter((name) => written.has(name))).toEqual([row.image]);
    // Nothing else in the folder changed: the first file and its cuts went, the row's file and its cuts are there.
    expect(after).toEqual([...before.filter((name) => !withCuts(created.data.img).includes(name)), ...withCuts(row.image)].sort());
  });

  it('updates racing a delete of the row leave one file for it: the one it held when deleted, in the trash for a restore', async () => {
    const created = await call('/api/slider', { token: admin, form: { img: await imageFile('doomed.jpg') } });
    expect(created.status).toBe(201);
    const id: number = created.data.id;
    const before = files(mainDir, 'slides').filter((name) => !withCuts(created.data.img).includes(name));

    const uploads = await Promise.all(Array.from({ length: 8 }, (_, i) => imageFile(`r${i}.png`, 'png', 40 + i)));
    const updates = uploads.map((img) => call(`/api/slider/${id}`, { token: admin, form: { img, _method: 'PUT' } }));
    const removal = call(`/api/slider/${id}`, { token: admin, method: 'DELETE' });
    const results = await Promise.all([...updates, removal]);
    expect(results.at(-1)!.status).toBe(200);
    // An update that queued behind the delete finds no row (404); one before it succeeded (200).
    for (const r of results.slice(0, -1)) expect([200, 404]).toContain(r.status);
    expect(await testDb.slide.findUnique({ where: { id } })).toBeNull();
    const deleted = await testDb.activityLog.findFirstOrThrow({ where: { kind: 'delete', entity: 'slides', entityId: id } });
    const kept = (deleted.snapshot as { image: string }).image;
    // In the trash (no longer served), waiting for a restore.
    expect(files(mainDir, 'slides')).toEqual(before);
    expect(files(mainDir, 'trash-slides')).toContain(kept);
  });
});

/** /api on another server (the helpers' call() always goes to the main one). */
async function callAt(base: string, route: string, form: Record<string, string | Blob>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(form)) body.append(key, value);
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { Accept: 'application/json', Authorization: `Bearer ${admin}`, 'X-Forwarded-For': freshIp() },
    body,
  });
  return { status: res.status, data: await res.json().catch(() => null) };
}

const HOURS_AGO = (hours: number) => new Date(Date.now() - hours * 3600_000);

describe('kill -9 during an upload burst, then a restart', () => {
  it('the sweeper removes exactly the orphans (older than the grace period) and nothing a row refers to (kill -9 half)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-orphans-'));
    tempDirs.push(dir);
    const env = { DATABASE_URL: process.env.DATABASE_URL!, UPLOADS_DIR: dir, AUTH_SECRET: process.env.AUTH_SECRET! };
    const first = await spawnServer(env);
    spawned.push(first);

    // Rows whose files live in this server's folder, for the burst to update.
    const photo = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    const upload = () => new File([new Uint8Array(photo)], 'burst.jpg', { type: 'image/jpeg' });
    const rows: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await callAt(first.base, '/api/slider', { img: upload() });
      expect(res.status).toBe(201);
      rows.push(res.data.id);
    }

    // The burst: 6 clients creating and updating (at most 10 requests each), killed mid-way.
    let answered = 0;
    let killed = false;
    const client = async (n: number) => {
      for (let i = 0; i < 10 && !killed; i++) {
        const update = (n + i) % 2 === 0;
        const route = update ? `/api/slider/${rows[(n + i) % rows.length]}` : '/api/slider';
        try {
          await callAt(first.base, route, update ? { img: upload(), _method: 'PUT' } : { img: upload() });
          answered += 1;
        } catch {
          return; // the server is gone
        }
      }
    };
    let finished = false;
    const burst = Promise.all(Array.from({ length: 6 }, (_, n) => client(n))).then(() => (finished = true));
    const deadline = Date.now() + 60_000;
    while (answered < 8 && !finished && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(finished).toBe(false); // still mid-burst when killed
    killed = true;
    await first.kill('SIGKILL');
    await burst;

    // A row's file and its stored cuts (lib/uploads/cuts.ts): what the sweeper keeps.
    const referenced = new Set((await testDb.slide.findMany({ select: { image: true } })).flatMap((s) => withCuts(s.image)));
    const left = files(dir, 'slides');
    const crashOrphans = left.filter((name) => !referenced.has(name));
    console.log(
      `[orphans] after kill -9: ${left.length} files, ${crashOrphans.length} orphans from the crash, ${answered} answers before it`,
    );
    // Time passes beyond the grace period for everything stored so far. (Planted leftovers, an
    // upload in flight, deleted items' files and expired links: the sweep half, in-process.)
    for (const name of left) utimesSync(path.join(dir, 'slides', name), HOURS_AGO(2), HOURS_AGO(2));

    const second = await spawnServer({ ...env, ORPHAN_GRACE_SECONDS: '600' }, first.port);
    spawned.push(second);
    const done = await second.waitForOutput(/\[uploads\] orphan sweep done: (\d+) removed, (\d+) kept/);
    const removed = [...second.output().matchAll(/\[uploads\] removed orphan slides\/(\S+) /g)].map((m) => m[1]).sort();
    expect(removed).toEqual([...crashOrphans].sort());
    expect(done).toContain(`${removed.length} removed`);

    const after = files(dir, 'slides');
    const rowsNow = new Set((await testDb.slide.findMany({ select: { image: true } })).flatMap((s) => withCuts(s.image)));
    // Every file left is referenced by a row.
    expect(after.filter((name) => !rowsNow.has(name))).toEqual([]);
    // Every row whose file lived in this folder still has it.
    for (const name of left.filter((n) => rowsNow.has(n))) expect(after).toContain(name);
    expect(after.length).toBe(left.length - crashOrphans.length);
    await second.kill();
  }, 120_000);

  it('a database it cannot reach skips the sweep and removes nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-orphans-'));
    tempDirs.push(dir);
    mkdirSync(path.join(dir, 'slides'));
    const stale = `${Date.now() - 7200_000}-stale.jpg`;
    writeFileSync(path.join(dir, 'slides', stale), 'x');
    utimesSync(path.join(dir, 'slides', stale), HOURS_AGO(2), HOURS_AGO(2));
    // Nothing listens on the database port: every query fails.
    const port = await freePort();
    const deadPort = await freePort([port]);
    const server = await spawnServer(
      {
        DATABASE_URL: `postgresql://postgres@127.0.0.1:${deadPort}/nothing`,
        UPLOADS_DIR: dir,
        AUTH_SECRET: process.env.AUTH_SECRET!,
        ORPHAN_GRACE_SECONDS: '60',
      },
      port,
    );
    spawned.push(server);
    await server.waitForOutput(/\[uploads\] orphan sweep skipped \(nothing removed\)/);
    expect(server.output()).not.toContain('removed orphan');
    expect(files(dir, 'slides')).toEqual([stale]);
    await server.kill();
  }, 90_000);

  it('while another instance holds the sweep lock, a starting server skips its sweep', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-orphans-'));
    tempDirs.push(dir);
    mkdirSync(path.join(dir, 'slides'));
    const stale = `${Date.now() - 7200_000}-stale.jpg`;
    writeFileSync(path.join(dir, 'slides', stale), 'x');
    utimesSync(path.join(dir, 'slides', stale), HOURS_AGO(2), HOURS_AGO(2));
    const SWEEP_LOCK = 160002; // the advisory lock key in lib/uploads/sweeper.ts
    await testDb.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SWEEP_LOCK}::bigint)`;
        const server = await spawnServer({
          DATABASE_URL: process.env.DATABASE_URL!,
          UPLOADS_DIR: dir,
          AUTH_SECRET: process.env.AUTH_SECRET!,
        });
        spawned.push(server);
        await server.waitForOutput(/\[uploads\] orphan sweep skipped: another instance is sweeping/);
        expect(files(dir, 'slides')).toEqual([stale]);
        await server.kill();
      },
      { timeout: 90_000 },
    );
  }, 90_000);
});
