import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { migrateUploads } from '@/lib/uploads/migrate';
import { createS3Store, type S3UploadStore } from '@/lib/uploads/s3-store';
import { localStore } from '@/lib/uploads/store';
import { type UploadStore } from '@/lib/uploads/store-contract';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';

// The storage interface's contract, in-process: the same scenarios against both drivers, the local
// folder (UPLOADS_DIR, pointed at an empty folder of this file's own instead of the seeded copy the
// tier gives it, whose folders are not empty) and a bucket on a fake S3 (s3rver, a process of its
// own). Then the bucket driver's outage behaviour and `npm run uploads:migrate`'s copy. No app
// server and no database: uploads through the actions and /api on both drivers are
// tests/inproc/uploads.test.ts and uploads-bucket.test.ts, what needs the server
// tests/integration/uploads.test.ts.

let s3: FakeS3;
let bucketStore: S3UploadStore;
const tempDirs: string[] = [];
const savedUploadsDir = process.env.UPLOADS_DIR;
const localDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-store-'));
tempDirs.push(localDir);

beforeAll(async () => {
  s3 = await startFakeS3();
  bucketStore = createS3Store({ bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, prefix: '' });
  // The local store reads UPLOADS_DIR when called; this file's own folder.
  process.env.UPLOADS_DIR = localDir;
  for (const [name, value] of Object.entries(s3.env)) if (name.startsWith('AWS_')) process.env[name] = value;
});
afterAll(async () => {
  process.env.UPLOADS_DIR = savedUploadsDir;
  bucketStore?.client.destroy();
  await s3?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const drivers: Array<[string, () => UploadStore]> = [
  ['local folder', () => localStore],
  ['S3 bucket', () => bucketStore],
];

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe.each(drivers)('upload store: %s', (_label, store) => {
  it('put then get gives the same bytes and a modification time of now', async () => {
    const before = Date.now();
    await store().put('slides', '100-a.jpg', bytes('first image'));
    const got = await store().get('slides', '100-a.jpg');
    expect(got!.data.toString()).toBe('first image');
    // S3 keeps whole seconds.
    expect(got!.modified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(got!.modified.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('get answers null for a missing file and for names it never writes', async () => {
    expect(await store().get('slides', 'missing.jpg')).toBeNull();
    expect(await store().get('slides', '../slides/100-a.jpg')).toBeNull();
    expect(await store().get('team', '100-a.jpg')).toBeNull(); // folders are separate
  });

  it('put refuses an unsafe name and stores nothing', async () => {
    await expect(store().put('team', '../evil.jpg', bytes('x'))).rejects.toThrow('unsafe upload name');
    expect(await store().list('team')).toEqual([]);
  });

  it('list gives every file of the folder with its size, and nothing of other folders', async () => {
    await store().put('services', '200-b.png', bytes('12345'));
    await store().put('services', '201-c.webp', bytes('1234567'));
    await store().put('clients', '202-d.png', bytes('1'));
    const listed = (await store().list('services')).map(({ name, size }) => ({ name, size })).sort((a, b) => a.name.localeCompare(b.name));
    expect(listed).toEqual([
      { name: '200-b.png', size: 5 },
      { name: '201-c.webp', size: 7 },
    ]);
    expect(await store().list('events')).toEqual([]);
  });

  it('remove deletes the file, and removing it again is no error', async () => {
    await store().put('contacts', '300-e.jpg', bytes('bye'));
    await store().remove('contacts', '300-e.jpg');
    expect(await store().get('contacts', '300-e.jpg')).toBeNull();
    await store().remove('contacts', '300-e.jpg');
    await store().remove('contacts', 'never-stored.jpg');
    expect(await store().list('contacts')).toEqual([]);
  });

  it('is ready', async () => {
    await expect(store().ready()).resolves.toBeUndefined();
  });
});

describe('the S3 driver', () => {
  it('stores under <folder>/<name> with the image type, and an S3_PREFIX in front', async () => {
    await bucketStore.put('team', '400-f.avif', bytes('avif bytes'));
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'team/400-f.avif' }));
    expect(head.ContentType).toBe('image/avif');
    expect(head.ContentLength).toBe(10);

    const prefixed = createS3Store({ ...bucketStore.settings, prefix: 'site-a/' });
    await prefixed.put('team', '401-g.jpg', bytes('g'));
    expect(await s3.keys('site-a/')).toEqual(['site-a/team/401-g.jpg']);
    expect((await prefixed.list('team')).map((f) => f.name)).toEqual(['401-g.jpg']);
    // The unprefixed store does not see it among its team files.
    expect((await bucketStore.list('team')).map((f) => f.name)).toEqual(['400-f.avif']);
    prefixed.client.destroy();
  });

  it('lists past one page of ListObjectsV2 (1000 keys) and skips keys it never writes', async () => {
    const names = Array.from({ length: 1003 }, (_, i) => `${String(i).padStart(4, '0')}-p.jpg`);
    // At most 25 requests in flight against the fake.
    for (let i = 0; i < names.length; i += 25) {
      await Promise.all(
        names.slice(i, i + 25).map((name) => s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `events/${name}`, Body: 'x' }))),
      );
    }
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'events/deeper/x.jpg', Body: 'x' }));
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'events/.hidden', Body: 'x' }));
    const listed = (await bucketStore.list('events')).map((f) => f.name).sort();
    expect(listed).toEqual(names);
  }, 120_000);

  it('a missing bucket is not ready, and says so', async () => {
    const wrong = createS3Store({ ...bucketStore.settings, bucket: 'no-such-bucket' });
    await expect(wrong.ready()).rejects.toThrow('bucket no-such-bucket is not usable');
    wrong.client.destroy();
  });

  it('with the store down every call is the 503 `unavailable`, and it recovers by itself when the store is back', async () => {
    await bucketStore.put('slides', '500-h.jpg', bytes('kept through the outage'));
    await s3.stop();
    try {
      const calls: Array<[string, () => Promise<unknown>]> = [
        ['get', () => bucketStore.get('slides', '500-h.jpg')],
        ['put', () => bucketStore.put('slides', '501-i.jpg', bytes('x'))],
        ['list', () => bucketStore.list('slides')],
        ['remove', () => bucketStore.remove('slides', '500-h.jpg')],
        ['ready', () => bucketStore.ready()],
      ];
      for (const [name, run] of calls) {
        const error = await run().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error, name).toBeInstanceOf(AppError);
        expect((error as AppError).status, name).toBe(503);
        expect((error as AppError).code, name).toBe('unavailable');
      }
    } finally {
      await s3.start();
    }
    // The same client, no restart: the object is there, nothing was written during the outage.
    expect((await bucketStore.get('slides', '500-h.jpg'))!.data.toString()).toBe('kept through the outage');
    expect(await bucketStore.get('slides', '501-i.jpg')).toBeNull();
    await expect(bucketStore.ready()).resolves.toBeUndefined();
  });
});

describe('uploads:migrate (lib/uploads/migrate.ts)', () => {
  it('copies a folder into the bucket once; a second run skips what is there; a changed size is copied again', async () => {
    const source = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-migrate-'));
    tempDirs.push(source);
    for (const folder of ['slides', 'clients']) mkdirSync(path.join(source, folder));
    writeFileSync(path.join(source, 'slides', '1-a.jpg'), 'aaaa');
    writeFileSync(path.join(source, 'slides', '2-b.png'), 'bbbbbb');
    writeFileSync(path.join(source, 'clients', '3-c.webp'), 'c');
    // What a write cut short leaves, a folder and a name the store never writes: not copied.
    writeFileSync(path.join(source, 'slides', '4-d.jpg.0a1b2c3d.tmp'), 'half');
    mkdirSync(path.join(source, 'slides', 'nested'));
    writeFileSync(path.join(source, 'clients', '.DS_Store'), 'x');
    // A folder that is not an upload folder is not looked at.
    mkdirSync(path.join(source, 'other'));
    writeFileSync(path.join(source, 'other', '5-e.jpg'), 'e');

    const target = createS3Store({ ...bucketStore.settings, prefix: 'migrated/' });
    const lines: string[] = [];
    const first = await migrateUploads(source, target, (line) => lines.push(line));
    expect(first.total).toEqual({ copied: 3, skipped: 0, ignored: 3 });
    expect(first.slides).toEqual({ copied: 2, skipped: 0, ignored: 2 });
    expect(first.clients).toEqual({ copied: 1, skipped: 0, ignored: 1 });
    expect(lines).toContain('slides: 2 copied, 0 already there, 2 ignored');
    expect(await s3.keys('migrated/')).toEqual(['migrated/clients/3-c.webp', 'migrated/slides/1-a.jpg', 'migrated/slides/2-b.png']);
    expect((await target.get('slides', '2-b.png'))!.data.toString()).toBe('bbbbbb');
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'migrated/slides/1-a.jpg' }));
    expect(head.ContentType).toBe('image/jpeg');

    const second = await migrateUploads(source, target);
    expect(second.total).toEqual({ copied: 0, skipped: 3, ignored: 3 });

    writeFileSync(path.join(source, 'slides', '1-a.jpg'), 'a longer version');
    const third = await migrateUploads(source, target);
    expect(third.total).toEqual({ copied: 1, skipped: 2, ignored: 3 });
    expect((await target.get('slides', '1-a.jpg'))!.data.toString()).toBe('a longer version');
    // Nothing is removed from the source.
    expect(readdirSync(path.join(source, 'slides')).sort()).toEqual(['1-a.jpg', '2-b.png', '4-d.jpg.0a1b2c3d.tmp', 'nested']);
    target.client.destroy();
  });
});
