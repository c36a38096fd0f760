import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, fstatSync, mkdtempSync, openSync, readdirSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_RETRY_AFTER_SECONDS } from '@/lib/uploads/store';
import { cutName, withCuts } from '@/lib/uploads/cuts';
import { call, imageFile, userWithToken } from '../helpers/api';
import { testDb } from '../helpers/db';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

// A full uploads disk (issue 34): a server of its own whose UPLOADS_DIR is a 2 MB tmpfs, filled
// here. An upload answers 503 + Retry-After in the caller's language and leaves no temporary file,
// /readyz names `storage`; once the space is freed both recover. Mounting needs root (as on the
// build machine); elsewhere the file is skipped, saying so.

deleteContentAddedByThisFile();

const isRoot = process.getuid?.() === 0;
/** Small, so filling it is quick; large enough for the server's folders and one test image. */
const TMPFS_SIZE = '2m';
/** The filler is written in pages until the disk refuses; more writes than this means it is not filling. */
const MAX_FILL_WRITES = 2048;
/** The readiness probe reruns every few seconds (lib/uploads/store.ts); /readyz must turn within this. */
const READY_TURN_MS = 15_000;

const mount = mkdtempSync(path.join(os.tmpdir(), 'full-disk-'));
const filler = path.join(mount, '.filler');
let mounted = false;
let server: SpawnedServer;
let admin: string;

/** Every file under the mount, as relative paths. */
const files = () => readdirSync(mount, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

function fill() {
  const fd = openSync(filler, 'a');
  const page = Buffer.alloc(4096, 1);
  try {
    for (let i = 0; i < MAX_FILL_WRITES; i++) writeSync(fd, page);
    throw new Error(`the tmpfs took ${MAX_FILL_WRITES} pages without filling`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

async function readyz() {
  const response = await fetch(`${server.base}/readyz`);
  return { status: response.status, body: await response.text() };
}

/** Polls /readyz until it answers `status` (bounded), then gives the last answer. */
async function readyzTurns(status: number) {
  const deadline = Date.now() + READY_TURN_MS;
  let last = await readyz();
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    last = await readyz();
  }
  return last;
}

beforeAll(async () => {
  if (!isRoot) return;
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_SIZE}`, 'tmpfs', mount]);
  mounted = true;
  admin = (await userWithToken('admin')).token!;
  server = await spawnServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    AUTH_SECRET: process.env.AUTH_SECRET!,
    UPLOADS_DIR: mount,
    TRUST_PROXY_HOPS: '1',
    ORPHAN_SWEEP_MINUTES: '0',
  });
}, 120_000);

afterAll(async () => {
  await server?.kill();
  if (mounted) execFileSync('umount', [mount]);
  rmdirSync(mount);
});

describe.skipIf(!isRoot)('a full uploads disk', () => {
  it('an upload answers 503 with Retry-After in both languages, leaves no temporary file and no row; /readyz names storage', async () => {
    expect((await readyz()).status).toBe(200);
    const image = await imageFile('full.jpg', 'jpeg', 256);
    const slidesBefore = await testDb.slide.count();
    fill();
    for (const [language, catalog] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const res = await call('/api/slider', {
        base: server.base,
        token: admin,
        form: { img: image },
        headers: { 'Accept-Language': language },
      });
      expect(res.status, language).toBe(503);
      expect(res.headers.get('retry-after'), language).toBe(String(STORAGE_FULL_RETRY_AFTER_SECONDS));
      expect(res.data, language).toEqual({ message: catalog.errors.storageFull });
    }
    expect(files().map((e) => e.name)).toEqual(['.filler']);
    expect(await testDb.slide.count()).toBe(slidesBefore);
    expect(await readyzTurns(503)).toEqual({ status: 503, body: '{"status":"unavailable","failed":["storage"]}' });
    // The probe's own file does not stay behind either.
    expect(files().map((e) => e.name)).toEqual(['.filler']);
  }, 60_000);

  it('once space is freed, /readyz is ready again and the same upload is stored', async () => {
    rmSync(filler);
    expect(await readyzTurns(200)).toEqual({ status: 200, body: '{"status":"ready"}' });
    const res = await call('/api/slider', { base: server.base, token: admin, form: { img: await imageFile('full.jpg', 'jpeg', 256) } });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    // The image and its two stored cuts (lib/uploads/cuts.ts).
    expect(
      files()
        .map((e) => path.join(path.relative(mount, e.parentPath), e.name))
        .sort(),
    ).toEqual(
      withCuts(res.data.img)
        .map((name) => path.join('slides', name))
        .sort(),
    );
  }, 60_000);

  it('room for the photo but not its cuts: the upload is kept (201, its row); the cut is served all the same and stored once there is room', async () => {
    fill();
    // One page back: the small photo fits, its cuts (written after it) do not.
    const fd = openSync(filler, 'r+');
    ftruncateSync(fd, fstatSync(fd).size - 4096);
    closeSync(fd);
    const res = await call('/api/slider', { base: server.base, token: admin, form: { img: await imageFile('tight.jpg', 'jpeg', 256) } });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    const img: string = res.data.img;
    expect(await testDb.slide.count({ where: { image: img } })).toBe(1);
    const inSlides = () =>
      files()
        .filter((e) => e.name.startsWith(img))
        .map((e) => e.name);
    expect(inSlides()).toEqual([img]);
    expect(server.output()).toContain(`[uploads] could not store the share cut of slides/${img} (the media route makes it later)`);
    expect(server.output()).toContain(`[uploads] could not store the portrait cut of slides/${img} (the media route makes it later)`);

    // Still full: made and served, not stored.
    const served = await fetch(`${server.base}/sliderimges/${img}?crop=share`);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(inSlides()).toEqual([img]);

    rmSync(filler);
    expect((await fetch(`${server.base}/sliderimges/${img}?crop=share`)).status).toBe(200);
    expect(inSlides().sort()).toEqual([img, cutName(img, 'share')].sort());
    expect(server.output()).toContain(`[uploads] made the share cut of slides/${img} (stored for every later request)`);
  }, 60_000);
});
