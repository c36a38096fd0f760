import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from '@/lib/uploads/s3-store';
import { migrateUploads } from '@/lib/uploads/migrate';
import { config } from '@/lib/config';
import { maxUploadBytes } from '@/lib/http/upload-limits';
import { AREAS, adminPath } from '@/lib/admin/areas';
import { animatedGif, BASE, bigPhoto, call, imageFile, userWithToken } from '../helpers/api';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { makeUser, testDb, unique } from '../helpers/db';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { startFakeS3, type FakeS3 } from '../helpers/fake-s3';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';

// One list of upload scenarios, run against both storage drivers: the main test server (the local
// folder, UPLOADS_DIR) and a second production server using a bucket on a fake S3 (s3rver), which
// shares the database. Then what only the bucket driver has: its start-up orphan sweep and an
// outage of the store.

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

const serviceFields = { titel: 'T', dec: 'D', titelar: 'ت', decar: 'د' };
const MiB = 1024 * 1024;
/** One byte over the bound on a file (MAX_UPLOAD_BYTES, as the test server has it). */
const overTheBound = () => new File([new Uint8Array(maxUploadBytes() + 1)], 'huge.jpg', { type: 'image/jpeg' });
/** A phone's photo as taken (landscape) and as held upright (EXIF orientation 6): made once, ~7 s each. */
let phonePhotos: Promise<[File, File]> | undefined;
const photos = () => (phonePhotos ??= Promise.all([bigPhoto('phone.jpg'), bigPhoto('portrait.jpg', 6)]));
/** What a stored image is, read back through its public URL. */
async function storedMeta(url: string) {
  const res = await fetch(url);
  expect(res.status, url).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata();
}

describe.each(drivers)('uploads with the $label', (driver) => {
  describe('upload refusals leave no file and no row', () => {
    // Each refusal is the 422 of any invalid field, the reason under the service's image part.
    const cases: Array<[string, () => Promise<File>, 'imageInvalid' | 'imageTooLarge' | 'imageFileName']> = [
      [
        'a text file named .jpg',
        async () => new File(['just some text, not an image'], 'photo.jpg', { type: 'image/jpeg' }),
        'imageInvalid',
      ],
      [
        'an SVG with a script',
        async () =>
          new File(
            [
              '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
            ],
            'logo.svg',
            {
              type: 'image/svg+xml',
            },
          ),
        'imageInvalid',
      ],
      [
        'a truncated JPEG',
        async () => {
          const full = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3366cc' } })
            .jpeg()
            .toBuffer();
          return new File([new Uint8Array(full.subarray(0, Math.floor(full.length / 2)))], 'cut.jpg', { type: 'image/jpeg' });
        },
        'imageInvalid',
      ],
      ['a file one byte over the size bound (MAX_UPLOAD_BYTES)', async () => overTheBound(), 'imageTooLarge'],
      ['a ../ file name', async () => imageFile('../../etc/evil.jpg'), 'imageFileName'],
    ];

    for (const [label, make, reason] of cases) {
      it(label, async () => {
        const beforeRows = await testDb.service.count();
        const beforeFiles = await driver.stored('services');
        const res = await call('/api/service', { base: driver.base(), token: admin, form: { ...serviceFields, img_ser: await make() } });
        expect(res.status).toBe(422);
        expect(res.data).toEqual({ message: en.errors.invalid, errors: { img_ser: [en.validation[reason]] } });
        expect(await testDb.service.count()).toBe(beforeRows);
        expect(await driver.stored('services')).toEqual(beforeFiles);
      });
    }
  });

  it("over the size bound: refused in the caller's language, English or Arabic", async () => {
    for (const [language, catalog] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const res = await call('/api/slider', {
        base: driver.base(),
        token: admin,
        form: { img: overTheBound() },
        headers: { 'Accept-Language': language },
      });
      expect(res.status, language).toBe(422);
      expect(res.data, language).toEqual({ message: catalog.errors.invalid, errors: { img: [catalog.validation.imageTooLarge] } });
    }
  });

  describe('accepted uploads', () => {
    it("a phone's full-size photo (8000 × 6000, over 20 MiB) is stored at 2560 px on its longest edge, through /api and the back office", async () => {
      const [landscape, portrait] = await photos();
      for (const photo of [landscape, portrait]) {
        expect(photo.size).toBeGreaterThanOrEqual(20 * MiB);
        expect(photo.size).toBeLessThanOrEqual(maxUploadBytes());
      }
      const res = await call('/api/slider', { base: driver.base(), token: admin, form: { img: landscape } });
      expect(res.status).toBe(201);
      const slide = await storedMeta(`${driver.base()}/sliderimges/${res.data.img}`);
      expect([slide.format, slide.width, slide.height, slide.pages ?? 1]).toEqual(['jpeg', 2560, 1920, 1]);

      // Held upright (EXIF orientation 6), from a back-office form: stored turned, 1920 × 2560.
      const name = unique('Phone');
      const form = new FormData();
      for (const [key, value] of Object.entries({ nameEn: name, detailsEn: 'd', jobTitleEn: 'j' })) form.append(key, value);
      form.append('image', portrait);
      const saved = await invoke('saveItem', itemCall('team', null, form), cookie, undefined, driver.base());
      expect(saved.result).toEqual({ ok: true });
      const row = await testDb.teamMember.findFirstOrThrow({ where: { nameEn: name } });
      const member = await storedMeta(`${driver.base()}/teamimges/${row.image}`);
      expect([member.format, member.width, member.height, member.orientation]).toEqual(['jpeg', 1920, 2560, undefined]);
    }, 120_000);

    it('an animated GIF or WebP is stored as its first frame, in its own format; 150 frames of 6000 × 6000 cost one frame', async () => {
      const gif = await animatedGif('moving.gif', { width: 64, height: 48, frames: 3 });
      const webp = await sharp(Buffer.from(await gif.arrayBuffer()), { animated: true })
        .webp()
        .toBuffer();
      expect((await sharp(webp).metadata()).pages).toBe(3);
      // A few kilobytes whose every frame is a 36 MP screen: decoding them all took 106 CPU-seconds.
      const bomb = await animatedGif('bomb.gif', { width: 6000, height: 6000, frames: 150 });
      expect(bomb.size).toBeLessThan(64 * 1024);
      for (const [file, format, width, height] of [
        [gif, 'gif', 64, 48],
        [new File([new Uint8Array(webp)], 'moving.webp', { type: 'image/webp' }), 'webp', 64, 48],
        [bomb, 'gif', 2560, 2560],
      ] as const) {
        const started = Date.now();
        const res = await call('/api/slider', { base: driver.base(), token: admin, form: { img: file } });
        expect(res.status, file.name).toBe(201);
        expect(Date.now() - started, file.name).toBeLessThan(20_000);
        const meta = await storedMeta(`${driver.base()}/sliderimges/${res.data.img}`);
        expect([meta.format, meta.pages ?? 1, meta.width, meta.pageHeight ?? meta.height], file.name).toEqual([format, 1, width, height]);
      }
    }, 60_000);

    it('strips metadata (EXIF/GPS), uses a safe server-made name, is stored, and is served with the right headers, ETag and 304', async () => {
      const withExif = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#cc3300' } })
        .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'secret' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 12/1 0/1' } })
        .jpeg()
        .toBuffer();
      expect((await sharp(withExif).metadata()).exif).toBeDefined();
      const res = await call('/api/service', {
        base: driver.base(),
        token: admin,
        form: { ...serviceFields, img_ser: new File([new Uint8Array(withExif)], 'my holiday (1).jpg', { type: 'image/jpeg' }) },
      });
      expect(res.status).toBe(201);
      const name: string = res.data.img_ser;
      expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
      expect(await driver.stored('services')).toContain(name);
      const served = await fetch(`${driver.base()}/servimges/${name}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      const stored = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);

      const etag = served.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      const revalidated = await fetch(`${driver.base()}/servimges/${name}`, { headers: { 'If-None-Match': etag } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
      const bySince = await fetch(`${driver.base()}/servimges/${name}`, {
        headers: { 'If-Modified-Since': served.headers.get('last-modified')! },
      });
      expect(bySince.status).toBe(304);
      const otherTag = await fetch(`${driver.base()}/servimges/${name}`, { headers: { 'If-None-Match': '"something-else"' } });
      expect(otherTag.status).toBe(200);
    });

    it('accepts png, webp, gif and avif', async () => {
      for (const [format, ext] of [
        ['png', 'png'],
        ['webp', 'webp'],
        ['gif', 'gif'],
        ['avif', 'avif'],
      ] as const) {
        const data = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00aa88' } })
          .toFormat(format)
          .toBuffer();
        const res = await call('/api/slider', {
          base: driver.base(),
          token: admin,
          form: { img: new File([new Uint8Array(data)], `x.${ext}`) },
        });
        expect(res.status, format).toBe(201);
        expect(res.data.img).toMatch(new RegExp(`\\.${ext}$`));
        const served = await fetch(`${driver.base()}/sliderimges/${res.data.img}`);
        expect(served.headers.get('content-type')).toBe(`image/${format}`);
      }
    });

    it('refuses images with too many pixels (one over MAX_UPLOAD_PIXELS)', async () => {
      const width = 10_000;
      const height = Math.floor(config.maxUploadPixels / width) + 1;
      const data = await sharp({ create: { width, height, channels: 3, background: '#000' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const before = await driver.stored('slides');
      const res = await call('/api/slider', {
        base: driver.base(),
        token: admin,
        form: { img: new File([new Uint8Array(data)], 'big.png') },
      });
      expect(res.status).toBe(422);
      expect(res.data).toEqual({ message: en.errors.invalid, errors: { img: [en.validation.imageTooManyPixels] } });
      expect(await driver.stored('slides')).toEqual(before);
    });

    it("replacing a row's image removes the old file; deleting the row moves its file to the trash for a restore", async () => {
      const created = await call('/api/slider', { base: driver.base(), token: admin, form: { img: await imageFile('one.jpg') } });
      expect(created.status).toBe(201);
      const first: string = created.data.img;
      expect(await driver.stored('slides')).toContain(first);

      const replaced = await call(`/api/slider/${created.data.id}`, {
        base: driver.base(),
        token: admin,
        form: { img: await imageFile('two.png', 'png'), _method: 'PUT' },
      });
      expect(replaced.status).toBe(200);
      const second: string = replaced.data[0].img;
      expect(second).not.toBe(first);
      const afterReplace = await driver.stored('slides');
      expect(afterReplace).toContain(second);
      expect(afterReplace).not.toContain(first);
      // Each image's cuts are stored beside it at upload and go with it (lib/uploads/cuts.ts).
      expect(afterReplace.filter((name) => name.startsWith(`${second}.cut-`)).sort()).toEqual([
        `${second}.cut-portrait.png`,
        `${second}.cut-share.jpg`,
      ]);
      expect(afterReplace.filter((name) => name.startsWith(`${first}.cut-`))).toEqual([]);
      expect((await fetch(`${driver.base()}/sliderimges/${first}`)).status).toBe(404);
      expect((await fetch(`${driver.base()}/sliderimges/${second}`)).status).toBe(200);

      const removed = await call(`/api/slider/${created.data.id}`, { base: driver.base(), token: admin, method: 'DELETE' });
      expect(removed.status).toBe(200);
      // In the trash while the item can be restored from the activity log (the sweeper removes it
      // after): kept in the store, no longer served.
      expect(await driver.stored('slides')).not.toContain(second);
      expect(await driver.stored('trash-slides')).toContain(second);
      expect((await driver.stored('slides')).filter((name) => name.startsWith(second))).toEqual([]);
      expect((await driver.stored('trash-slides')).filter((name) => name.startsWith(`${second}.cut-`)).sort()).toEqual([
        `${second}.cut-portrait.png`,
        `${second}.cut-share.jpg`,
      ]);
      expect((await fetch(`${driver.base()}/sliderimges/${second}`)).status).toBe(404);
      expect((await fetch(`${driver.base()}/sliderimges/${second}?crop=share`)).status).toBe(404);
    });

    it('the back office (admin actions) stores, replaces and removes the same way', async () => {
      const name = unique('Stored');
      const form = async (file: File) => {
        const data = new FormData();
        for (const [key, value] of Object.entries({ nameEn: name, detailsEn: 'd', jobTitleEn: 'j' })) data.append(key, value);
        data.append('image', file);
        return data;
      };
      const created = await invoke(
        'saveItem',
        itemCall('team', null, await form(await imageFile('a.jpg'))),
        cookie,
        undefined,
        driver.base(),
      );
      expect(created.result).toEqual({ ok: true });
      const row = await testDb.teamMember.findFirstOrThrow({ where: { nameEn: name } });
      expect(await driver.stored('team')).toContain(row.image);
      expect((await fetch(`${driver.base()}/teamimges/${row.image}`)).status).toBe(200);

      const updated = await invoke(
        'saveItem',
        itemCall('team', row.id, await form(await imageFile('b.webp', 'webp'))),
        cookie,
        undefined,
        driver.base(),
      );
      expect(updated.result).toEqual({ ok: true });
      const now = await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } });
      expect(now.image).toMatch(/\.webp$/);
      const files = await driver.stored('team');
      expect(files).toContain(now.image);
      expect(files).not.toContain(row.image);

      expect((await invoke('deleteItem', itemCall('team', row.id), cookie, undefined, driver.base())).result).toEqual({ ok: true });
      // In the trash while the item can be restored from the activity log (the sweeper removes it after).
      expect(await driver.stored('team')).not.toContain(now.image);
      expect(await driver.stored('trash-team')).toContain(now.image);
      expect((await fetch(`${driver.base()}/teamimges/${now.image}`)).status).toBe(404);
    });

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

    it('serves event images from /contactimges (shared with contacts)', async () => {
      const home = await call('/api/home', { base: driver.base() });
      const event = home.data[0][0];
      const res = await fetch(`${driver.base()}/contactimges/${event.event_img}`);
      expect(res.status).toBe(200);
      expect((await fetch(`${driver.base()}/clientimges/${event.client.logo}`)).status).toBe(200);
    });

    it("serves a slide's portrait cut with ?crop=portrait: 9:16 at the full height; an unknown crop is a 400", async () => {
      const base = driver.base();
      const home = await call('/api/home', { base });
      const slide = home.data[6][0];
      const photo = await fetch(`${base}/sliderimges/${slide.img}`);
      const whole = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
      expect(whole.width! / whole.height!).toBeGreaterThan(1);

      const res = await fetch(`${base}/sliderimges/${slide.img}?crop=portrait`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(photo.headers.get('content-type'));
      expect(res.headers.get('cache-control')).toContain('immutable');
      const cut = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(cut.height).toBe(whole.height);
      expect(cut.width).toBe(Math.round((whole.height! * 9) / 16));

      // The optimiser makes the phone sizes from the cut.
      const optimised = await fetch(`${base}/_next/image?url=${encodeURIComponent(`/sliderimges/${slide.img}?crop=portrait`)}&w=640&q=75`, {
        headers: { accept: 'image/webp' },
      });
      expect(optimised.status).toBe(200);
      const small = await sharp(Buffer.from(await optimised.arrayBuffer())).metadata();
      expect(small.width! / small.height!).toBeCloseTo(9 / 16, 2);

      const bad = await fetch(`${base}/sliderimges/${slide.img}?crop=square`);
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain('portrait');
      expect((await fetch(`${base}/sliderimges/nope.jpg?crop=portrait`)).status).toBe(404);
    });
  });
});

describe('the back office states the bounds', () => {
  it("under every image field (a create, an edit, the settings' three), with the server's numbers, in English and Arabic", async () => {
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
        // The logo, the social preview image and the About picture (issue 27).
        ['/Admin/Settings', 3],
      ] as const) {
        const res = await fetch(`${BASE}${prefix}${path}`, { headers: { Cookie: adminCookie } });
        expect(res.status, path).toBe(200);
        expect((await res.text()).split(hint).length - 1, `${prefix}${path}`).toBe(fields);
      }
    }
  });
});

describe('the S3 bucket driver only', () => {
  it('the seeded images were copied into the bucket (uploads:migrate), and nothing was written to local disk', async () => {
    expect(migrated.copied).toBeGreaterThan(0);
    expect(migrated.skipped).toBe(0);
    for (const folder of ['slides', 'clients', 'contacts', 'events', 'team', 'services']) {
      expect(listDir(s3LocalDir, folder), folder).toEqual([]);
    }
    // The bucket server's uploads of the scenarios above are in the bucket, not in the main folder.
    const inBucket = await drivers[1]!.stored('slides');
    const inMain = new Set(listDir(mainDir, 'slides'));
    const onlyInBucket = inBucket.filter((name) => !inMain.has(name));
    expect(onlyInBucket.length).toBeGreaterThanOrEqual(5); // the four formats and the optimiser's photo
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
