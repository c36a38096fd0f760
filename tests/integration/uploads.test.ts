import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from '@/lib/uploads/s3-store';
import { migrateUploads } from '@/lib/uploads/migrate';
import { config } from '@/lib/config';
import { AREAS, adminPath } from '@/lib/admin/areas';
import { BASE, call, imageFile, userWithToken } from '../helpers/api';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { makeUser, testDb, unique } from '../helpers/db';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';

// Uploads on both storage drivers where a server is the point: the main test server (the local
// folder, UPLOADS_DIR) and a second production server using a bucket on a fake S3 (s3rver), which
// shares the database. On each: the image optimiser (Next's /_next/image) reading the original and
// a slide's portrait cut from the store, and the public image addresses (/sliderimges/...,
// rewritten to the media route by next.config.ts) refusing unknown folders, files and traversal
// attempts; on the main server the back office's rendered pages stating the bounds; then what only
// the bucket server shows: its own UPLOADS_DIR left empty, its start-up orphan sweep, and an outage
// of the store seen through it (and over without a restart). The list of upload scenarios itself
// (refusals, accepted formats and sizes, metadata, the media route's headers, replace, delete and
// the trash through /api and the actions) runs in-process on both drivers:
// tests/inproc/uploads.test.ts (local folder) and tests/inproc/uploads-bucket.test.ts (bucket),
// sharing tests/inproc/uploads-scenarios.ts.

deleteContentAddedByThisFile();

const listDir = (dir: string, folder: string) => {
  try {
    return readdirSync(path.join(dir, folder)).sort();
  } catch {
    return [];
  }
};

interface Driver {
  label: string;
  /** The origin of the server using this driver. */
  base(): string;
  /** Names stored in a folder, sorted. */
  stored(folder: string): Promise<string[]>;
}

const mainDir = process.env.UPLOADS_DIR!;
let s3: FakeS3;
let s3Server: SpawnedServer;
/** The bucket server's own UPLOADS_DIR, which must stay empty. */
const s3LocalDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-s3-local-'));
const HOURS_AGO = (hours: number) => new Date(Date.now() - hours * 3600_000);
const planted = { old: `${Date.now() - 7200_000}-old-orphan.jpg`, young: `${Date.now()}-young-orphan.jpg`, referenced: '' };
let migrated = { copied: 0, skipped: 0, ignored: 0 };

const drivers: Driver[] = [
  { label: 'local folder', base: () => process.env.TEST_BASE_URL!, stored: async (folder) => listDir(mainDir, folder) },
  {
    label: 'S3 bucket',
    base: () => s3Server.base,
    stored: async (folder) => (await s3.keys(`${folder}/`)).map((key) => key.slice(folder.length + 1)),
  },
];

let admin: string;
let cookie: string;
beforeAll(async () => {
  admin = (await userWithToken('admin')).token!;
  cookie = await sessionCookie((await makeUser('mini')).email);
  s3 = await startFakeS3();
  // The seeded images, copied into the bucket the way `npm run uploads:migrate` does.
  const target = createS3Store({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, prefix: '' });
  for (const [name, value] of Object.entries(s3.env)) if (name.startsWith('AWS_')) process.env[name] = value;
  migrated = (await migrateUploads(mainDir, target)).total;
  // For the start-up sweep: an orphan older than the grace period, one younger (an upload in
  // flight), and a referenced file just as old.
  await target.put('slides', planted.old, Buffer.from('old orphan'));
  s3.backdate(`slides/${planted.old}`, HOURS_AGO(2));
  await target.put('slides', planted.young, Buffer.from('young orphan'));
  planted.referenced = (await testDb.slide.findFirstOrThrow({ orderBy: { id: 'asc' } })).image;
  s3.backdate(`slides/${planted.referenced}`, HOURS_AGO(2));
  target.client.destroy();
  s3Server = await spawnServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    AUTH_SECRET: process.env.AUTH_SECRET!,
    UPLOADS_DIR: s3LocalDir,
    TRUST_PROXY_HOPS: '1',
    ORPHAN_GRACE_SECONDS: '600',
    ...s3.env,
  });
  await s3Server.waitForOutput(/\[uploads\] orphan sweep (done|skipped)/);
}, 120_000);
afterAll(async () => {
  await s3Server?.kill();
  await s3?.close();
  rmSync(s3LocalDir, { recursive: true, force: true });
  await testDb.$disconnect();
});

const MiB = 1024 * 1024;

describe.each(drivers)('uploads with the $label', (driver) => {
  describe('accepted uploads', () => {
    it('the image optimiser reads the original from the store', async () => {
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2255aa' } })
        .jpeg()
        .toBuffer();
      const res = await call('/api/slider', {
        base: driver.base(),
        token: admin,
        form: { img: new File([new Uint8Array(photo)], 'big.jpg') },
      });
      expect(res.status).toBe(201);
      const optimised = await fetch(`${driver.base()}/_next/image?url=${encodeURIComponent(`/sliderimges/${res.data.img}`)}&w=640&q=75`, {
        headers: { accept: 'image/webp' },
      });
      expect(optimised.status).toBe(200);
      expect(optimised.headers.get('content-type')).toBe('image/webp');
      const small = await sharp(Buffer.from(await optimised.arrayBuffer())).metadata();
      expect(small.width).toBe(640);
      expect(small.height).toBe(427);
    });
  });

  describe('legacy image folders', () => {
    it('404 for unknown folders, unknown files and traversal attempts', async () => {
      for (const url of [
        '/sliderimges/nope.jpg',
        '/sliderimges/..%2F..%2Fpackage.json',
        '/sliderimges/%2e%2e%2fpackage.json',
        '/contactimges/..%5C..%5Cpackage.json',
        '/teamimges/.env',
        '/media/secret/x.jpg',
        '/servimges/package.json',
      ]) {
        const res = await fetch(`${driver.base()}${url}`);
        expect(res.status, url).toBe(404);
      }
    });

    // The media route's cut itself (its size, type and caching, the unknown crop) is the in-process tier's half.
    it("serves a slide's portrait cut with ?crop=portrait: 9:16 at the full height; an unknown crop is a 400 (server half: the optimiser makes the phone sizes from the cut)", async () => {
      const base = driver.base();
      const home = await call('/api/home', { base });
      const slide = home.data[6][0];
      // The optimiser makes the phone sizes from the cut.
      const optimised = await fetch(`${base}/_next/image?url=${encodeURIComponent(`/sliderimges/${slide.img}?crop=portrait`)}&w=640&q=75`, {
        headers: { accept: 'image/webp' },
      });
      expect(optimised.status).toBe(200);
      const small = await sharp(Buffer.from(await optimised.arrayBuffer())).metadata();
      expect(small.width! / small.height!).toBeCloseTo(9 / 16, 2);
    });
  });
});

describe('the back office states the bounds', () => {
  it("under every image field (a create, an edit, the settings' four), with the server's numbers, in English and Arabic", async () => {
    const adminCookie = await sessionCookie((await makeUser('admin')).email);
    const member = await testDb.teamMember.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const numbers = {
      mb: String(Math.floor(config.maxUploadBytes / MiB)),
      megapixels: String(Math.floor(config.maxUploadPixels / 1_000_000)),
    };
    for (const [prefix, catalog] of [
      ['', en],
      ['/ar', ar],
    ] as const) {
      const hint = catalog.admin.imageHint.replace('{mb}', numbers.mb).replace('{megapixels}', numbers.megapixels);
      for (const [path, fields] of [
        [adminPath.create(AREAS.team), 1],
        [adminPath.edit(AREAS.team, member.id), 1],
        // The logo, the social preview image and the About picture (issue 27), the showreel's poster (issue 37).
        ['/Admin/Settings', 4],
      ] as const) {
        const res = await fetch(`${BASE}${prefix}${path}`, { headers: { Cookie: adminCookie } });
        expect(res.status, path).toBe(200);
        expect((await res.text()).split(hint).length - 1, `${prefix}${path}`).toBe(fields);
      }
    }
  });
});

describe('the S3 bucket driver only', () => {
  // That the scenarios' uploads on a bucket store nothing locally is the in-process tier's half.
  it("the seeded images were copied into the bucket (uploads:migrate), and nothing was written to local disk (server half: the bucket server's own folder)", async () => {
    expect(migrated.copied).toBeGreaterThan(0);
    expect(migrated.skipped).toBe(0);
    for (const folder of ['slides', 'clients', 'contacts', 'events', 'team', 'services']) {
      expect(listDir(s3LocalDir, folder), folder).toEqual([]);
    }
    // The bucket server's upload above is in the bucket, not in the main folder.
    const inBucket = await drivers[1]!.stored('slides');
    const inMain = new Set(listDir(mainDir, 'slides'));
    const onlyInBucket = inBucket.filter((name) => !inMain.has(name));
    expect(onlyInBucket.length).toBeGreaterThanOrEqual(1); // the optimiser's photo
  });

  it('the start-up sweep removed the orphan object older than the grace period, and kept the young one and referenced files', async () => {
    expect(s3Server.output()).toContain(`[uploads] removed orphan slides/${planted.old} `);
    const slides = await drivers[1]!.stored('slides');
    expect(slides).not.toContain(planted.old);
    expect(slides).toContain(planted.young);
    expect(slides).toContain(planted.referenced);
  });

  it('with the store down: a read is a 503 with Retry-After, an upload a 503 storing no row; back up, it works without a restart', async () => {
    const created = await call('/api/slider', { base: s3Server.base, token: admin, form: { img: await imageFile('kept.jpg') } });
    expect(created.status).toBe(201);
    const doomed = await call('/api/slider', { base: s3Server.base, token: admin, form: { img: await imageFile('doomed.jpg') } });
    expect(doomed.status).toBe(201);
    const rowsBefore = await testDb.slide.count();
    const teamBefore = await testDb.teamMember.count();

    await s3.stop();
    try {
      const read = await fetch(`${s3Server.base}/sliderimges/${created.data.img}`);
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('5');
      expect(read.headers.get('cache-control')).toBe('no-store');
      expect(await read.text()).toBe(en.errors.unavailable);

      const upload = await call('/api/slider', { base: s3Server.base, token: admin, form: { img: await imageFile('during.jpg') } });
      expect(upload.status).toBe(503);
      expect(upload.headers.get('retry-after')).toBe('5');
      expect(upload.data).toEqual({ message: en.errors.unavailable });
      const arabic = await call('/api/slider', {
        base: s3Server.base,
        token: admin,
        form: { img: await imageFile('during.jpg') },
        headers: { 'Accept-Language': 'ar' },
      });
      expect(arabic.status).toBe(503);
      expect(arabic.data.message).toBe(ar.errors.unavailable);
      const replace = await call(`/api/slider/${created.data.id}`, {
        base: s3Server.base,
        token: admin,
        form: { img: await imageFile('during.png', 'png'), _method: 'PUT' },
      });
      expect(replace.status).toBe(503);

      const form = new FormData();
      for (const [key, value] of Object.entries({ nameEn: unique('Down'), detailsEn: 'd', jobTitleEn: 'j' })) form.append(key, value);
      form.append('image', await imageFile('during.jpg'));
      const action = await invoke('saveItem', itemCall('team', null, form), cookie, undefined, s3Server.base);
      expect(action.result).toEqual({ ok: false, error: 'unavailable' });

      // A delete is done without the store: its object is kept for a restore from the activity
      // log, and is the sweeper's to remove once that time is over.
      const removed = await call(`/api/slider/${doomed.data.id}`, { base: s3Server.base, token: admin, method: 'DELETE' });
      expect(removed.status).toBe(200);

      expect(await testDb.slide.count()).toBe(rowsBefore - 1);
      expect(await testDb.teamMember.count()).toBe(teamBefore);
      expect((await testDb.slide.findUniqueOrThrow({ where: { id: created.data.id } })).image).toBe(created.data.img);
    } finally {
      await s3.start();
    }
    expect(await drivers[1]!.stored('slides')).toContain(doomed.data.img);

    // Back up: the same server process serves and stores again.
    const read = await fetch(`${s3Server.base}/sliderimges/${created.data.img}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/jpeg');
    const upload = await call('/api/slider', { base: s3Server.base, token: admin, form: { img: await imageFile('after.jpg') } });
    expect(upload.status).toBe(201);
    expect(await drivers[1]!.stored('slides')).toContain(upload.data.img);
  }, 60_000);
});
