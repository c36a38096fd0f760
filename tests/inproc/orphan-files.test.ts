import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testDb } from '../helpers/db';
import { withCuts } from '@/lib/uploads/cuts';
import { startOrphanSweeps } from '@/lib/uploads/sweeper';

// No orphan files, ever (issue 16), in-process: the sweep a server runs at its start
// (startOrphanSweeps, as instrumentation.ts calls it) on this file's own uploads folder and
// database. It removes exactly the orphans older than the grace period (a crash leftover, a
// half-written file) and nothing a row refers to, leaves an upload in flight, moves a deleted item's
// file to the trash while it can be restored and removes it once past that, and takes expired
// one-time links past their keep with it. A server killed mid-upload and restarted, concurrent
// updates of one row (real PostgreSQL row locks between connections), a database it cannot reach
// and another instance holding the sweep lock are tests/integration/orphan-files.test.ts. The
// database is this file's own: nothing is put back.

const files = (dir: string, folder: string) => {
  try {
    return readdirSync(path.join(dir, folder)).sort();
  } catch {
    return [];
  }
};

const HOURS_AGO = (hours: number) => new Date(Date.now() - hours * 3600_000);

// What the sweep logs, as the server's output holds it.
const logged: string[] = [];
const collect = (...args: unknown[]) => void logged.push(args.map(String).join(' '));
vi.spyOn(console, 'log').mockImplementation(collect);
vi.spyOn(console, 'error').mockImplementation(collect);
const output = () => logged.join('\n');

async function waitForOutput(pattern: RegExp, ms = 30_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const match = output().match(pattern);
    if (match) return match[0];
    if (Date.now() > deadline) throw new Error(`the sweep never logged ${pattern}; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterAll(async () => {
  vi.restoreAllMocks();
  await testDb.$disconnect();
});

describe('the sweep a server runs at its start', () => {
  it('the sweeper removes exactly the orphans (older than the grace period) and nothing a row refers to (sweep half)', async () => {
    // This file's uploads folder (tests/helpers/in-process-setup.ts): the seeded rows' files.
    const dir = process.env.UPLOADS_DIR!;
    const photo = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();

    // A row's file and its stored cuts (lib/uploads/cuts.ts): what the sweeper keeps.
    const referenced = new Set((await testDb.slide.findMany({ select: { image: true } })).flatMap((s) => withCuts(s.image)));
    const left = files(dir, 'slides');
    expect(left.filter((name) => !referenced.has(name))).toEqual([]);
    // Time passes beyond the grace period for everything stored so far ...
    for (const name of left) utimesSync(path.join(dir, 'slides', name), HOURS_AGO(2), HOURS_AGO(2));
    // ... plus a crash leftover from an earlier run, a half-written file, and an upload in flight now.
    const planted = [`${Date.now() - 7200_000}-planted.jpg`, `${Date.now() - 7200_000}-half.jpg.0a1b2c3d.tmp`];
    for (const name of planted) {
      writeFileSync(path.join(dir, 'slides', name), photo);
      utimesSync(path.join(dir, 'slides', name), HOURS_AGO(3), HOURS_AGO(3));
    }
    const inFlight = `${Date.now()}-inflight.jpg`;
    writeFileSync(path.join(dir, 'slides', inFlight), photo);
    // The files of deleted slides (issue 26): one deleted yesterday but left in the served folder
    // (storage was down at the delete), moved to the trash and kept there while it can be
    // restored from its activity-log entry; one deleted 32 days ago, past that, an orphan now; one
    // in the trash past its restore window, removed from there.
    mkdirSync(path.join(dir, 'trash-slides'), { recursive: true });
    const deletedAgo = async (days: number, name: string, folder = 'slides') => {
      writeFileSync(path.join(dir, folder, name), photo);
      utimesSync(path.join(dir, folder, name), HOURS_AGO(24 * days), HOURS_AGO(24 * days));
      await testDb.activityLog.create({
        data: {
          kind: 'delete',
          entity: 'slides',
          entityId: 2_000_000_100 + days,
          snapshot: { id: 2_000_000_100 + days, image: name, sortOrder: 0 },
          createdAt: HOURS_AGO(24 * days),
        },
      });
    };
    const keptForRestore = `${Date.now() - 86_400_000}-deleted-yesterday.jpg`;
    const pastRestore = `${Date.now() - 32 * 86_400_000}-deleted-long-ago.jpg`;
    await deletedAgo(1, keptForRestore);
    await deletedAgo(32, pastRestore);
    planted.push(pastRestore);
    const trashedLongAgo = `${Date.now() - 40 * 86_400_000}-trashed-long-ago.jpg`;
    await deletedAgo(40, trashedLongAgo, 'trash-slides');

    // Expired one-time links go with the same sweep once past their keep (30 days), not before.
    const link = (days: number) =>
      testDb.accountLink.create({
        data: {
          purpose: 'reset',
          email: `sweep-${days}@example.com`,
          tokenHash: `sweep-${Date.now()}-${days}`,
          expiresAt: HOURS_AGO(24 * days),
        },
      });
    const oldLink = await link(31);
    const recentLink = await link(2);

    // The restart's sweep, with the grace the HTTP half's restarted server gets.
    process.env.ORPHAN_GRACE_SECONDS = '600';
    startOrphanSweeps();
    const done = await waitForOutput(/\[uploads\] orphan sweep done: (\d+) removed, (\d+) kept/);
    const removed = [...output().matchAll(/\[uploads\] removed orphan slides\/(\S+) /g)].map((m) => m[1]).sort();
    expect(removed).toEqual([...planted].sort());
    // … and the one past its restore window in the trash.
    expect(done).toContain(`${removed.length + 1} removed`);

    const after = files(dir, 'slides');
    const rowsNow = new Set((await testDb.slide.findMany({ select: { image: true } })).flatMap((s) => withCuts(s.image)));
    // Every file left is referenced by a row, except the one still in flight (younger than the
    // grace); the one a restore may still need is in the trash, alone there.
    expect(after.filter((name) => !rowsNow.has(name))).toEqual([inFlight]);
    expect(files(dir, 'trash-slides')).toEqual([keptForRestore]);
    expect(output()).toContain(`[uploads] removed orphan trash-slides/${trashedLongAgo} `);
    expect(output()).toContain(`[uploads] moved slides/${keptForRestore} to the trash`);
    // Every row whose file lived in this folder still has it.
    for (const name of left.filter((n) => rowsNow.has(n))) expect(after).toContain(name);
    expect(after.length).toBe(left.length + 1);
    expect(await testDb.accountLink.findUnique({ where: { id: oldLink.id } })).toBeNull();
    expect(await testDb.accountLink.findUnique({ where: { id: recentLink.id } })).not.toBeNull();
  });
});
