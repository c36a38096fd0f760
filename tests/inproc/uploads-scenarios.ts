import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from '#test-transport';
import { config } from '@/lib/config';
import { maxUploadBytes } from '@/lib/http/upload-limits';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { animatedGif, BASE, bigPhoto, call, imageFile, userWithToken } from '../helpers/api';
import { makeUser, testDb, unique } from '../helpers/db';

// The one list of upload scenarios of the in-process tier, run by two files, one per storage
// driver (the store is chosen once per process, lib/uploads/store.ts): tests/inproc/uploads.test.ts
// on the local folder (the file's own UPLOADS_DIR) and tests/inproc/uploads-bucket.test.ts on a
// bucket of a fake S3. Uploads through /api and the back office's actions, answered by their route
// handlers and the actions themselves; what is stored is read back through the media route
// (/media/<folder>/<name>, what the public /sliderimges/... addresses are rewritten to). Not a test
// file itself (no `.test.ts`): each driver's file calls `uploadScenarios`. What needs a server
// (the image optimiser, the rewritten addresses, the rendered back office, the bucket server's
// start-up sweep and an outage seen through it) is tests/integration/uploads.test.ts.

export interface Driver {
  label: string;
  /** Names stored in a folder, sorted. */
  stored(folder: string): Promise<string[]>;
}

/** Names in a folder of an uploads folder on disk, sorted (none when it does not exist). */
export const listDir = (dir: string, folder: string) => {
  try {
    return readdirSync(path.join(dir, folder)).sort();
  } catch {
    return [];
  }
};

/** The media route's answer for a public image address (`/sliderimges/x.jpg` is `/media/sliderimges/x.jpg`). */
export const media = (address: string, init?: RequestInit) => send(new Request(`${BASE}/media${address}`, init));

const serviceFields = { titel: 'T', dec: 'D', titelar: 'ت', decar: 'د' };
const MiB = 1024 * 1024;
/** One byte over the bound on a file (MAX_UPLOAD_BYTES, as the test server has it). */
const overTheBound = () => new File([new Uint8Array(maxUploadBytes() + 1)], 'huge.jpg', { type: 'image/jpeg' });
/** A phone's photo as taken (landscape) and as held upright (EXIF orientation 6): made once, ~7 s each. */
let phonePhotos: Promise<[File, File]> | undefined;
const photos = () => (phonePhotos ??= Promise.all([bigPhoto('phone.jpg'), bigPhoto('portrait.jpg', 6)]));
/** What a stored image is, read back through the media route. */
async function storedMeta(address: string) {
  const res = await media(address);
  expect(res.status, address).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer()), { animated: true }).metadata();
}

export function uploadScenarios(driver: Driver) {
  let admin: string;
  let cookie: string;
  beforeAll(async () => {
    admin = (await userWithToken('admin')).token!;
    cookie = await sessionCookie((await makeUser('mini')).email);
  });

  describe(`uploads with the ${driver.label}`, () => {
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
          const res = await call('/api/service', { token: admin, form: { ...serviceFields, img_ser: await make() } });
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
        const res = await call('/api/slider', { token: admin, form: { img: landscape } });
        expect(res.status).toBe(201);
        const slide = await storedMeta(`/sliderimges/${res.data.img}`);
        expect([slide.format, slide.width, slide.height, slide.pages ?? 1]).toEqual(['jpeg', 2560, 1920, 1]);

        // Held upright (EXIF orientation 6), from a back-office form: stored turned, 1920 × 2560.
        const name = unique('Phone');
        const form = new FormData();
        for (const [key, value] of Object.entries({ nameEn: name, detailsEn: 'd', jobTitleEn: 'j' })) form.append(key, value);
        form.append('image', portrait);
        const saved = await invoke('saveItem', itemCall('team', null, form), cookie);
        expect(saved.result).toEqual({ ok: true });
        const row = await testDb.teamMember.findFirstOrThrow({ where: { nameEn: name } });
        const member = await storedMeta(`/teamimges/${row.image}`);
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
          const res = await call('/api/slider', { token: admin, form: { img: file } });
          expect(res.status, file.name).toBe(201);
          expect(Date.now() - started, file.name).toBeLessThan(20_000);
          const meta = await storedMeta(`/sliderimges/${res.data.img}`);
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
          token: admin,
          form: { ...serviceFields, img_ser: new File([new Uint8Array(withExif)], 'my holiday (1).jpg', { type: 'image/jpeg' }) },
        });
        expect(res.status).toBe(201);
        const name: string = res.data.img_ser;
        expect(name).toMatch(/^[A-Za-z0-9._-]+$/);
        expect(await driver.stored('services')).toContain(name);
        const served = await media(`/servimges/${name}`);
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
        const revalidated = await media(`/servimges/${name}`, { headers: { 'If-None-Match': etag } });
        expect(revalidated.status).toBe(304);
        expect(revalidated.headers.get('etag')).toBe(etag);
        expect(revalidated.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect((await revalidated.arrayBuffer()).byteLength).toBe(0);
        const bySince = await media(`/servimges/${name}`, {
          headers: { 'If-Modified-Since': served.headers.get('last-modified')! },
        });
        expect(bySince.status).toBe(304);
        const otherTag = await media(`/servimges/${name}`, { headers: { 'If-None-Match': '"something-else"' } });
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
            token: admin,
            form: { img: new File([new Uint8Array(data)], `x.${ext}`) },
          });
          expect(res.status, format).toBe(201);
          expect(res.data.img).toMatch(new RegExp(`\\.${ext}$`));
          const served = await media(`/sliderimges/${res.data.img}`);
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
          token: admin,
          form: { img: new File([new Uint8Array(data)], 'big.png') },
        });
        expect(res.status).toBe(422);
        expect(res.data).toEqual({ message: en.errors.invalid, errors: { img: [en.validation.imageTooManyPixels] } });
        expect(await driver.stored('slides')).toEqual(before);
      });

      it("replacing a row's image removes the old file; deleting the row moves its file to the trash for a restore", async () => {
        const created = await call('/api/slider', { token: admin, form: { img: await imageFile('one.jpg') } });
        expect(created.status).toBe(201);
        const first: string = created.data.img;
        expect(await driver.stored('slides')).toContain(first);

        const replaced = await call(`/api/slider/${created.data.id}`, {
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
        expect((await media(`/sliderimges/${first}`)).status).toBe(404);
        expect((await media(`/sliderimges/${second}`)).status).toBe(200);

        const removed = await call(`/api/slider/${created.data.id}`, { token: admin, method: 'DELETE' });
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
        expect((await media(`/sliderimges/${second}`)).status).toBe(404);
        expect((await media(`/sliderimges/${second}?crop=share`)).status).toBe(404);
      });

      it('the back office (admin actions) stores, replaces and removes the same way', async () => {
        const name = unique('Stored');
        const form = async (file: File) => {
          const data = new FormData();
          for (const [key, value] of Object.entries({ nameEn: name, detailsEn: 'd', jobTitleEn: 'j' })) data.append(key, value);
          data.append('image', file);
          return data;
        };
        const created = await invoke('saveItem', itemCall('team', null, await form(await imageFile('a.jpg'))), cookie);
        expect(created.result).toEqual({ ok: true });
        const row = await testDb.teamMember.findFirstOrThrow({ where: { nameEn: name } });
        expect(await driver.stored('team')).toContain(row.image);
        expect((await media(`/teamimges/${row.image}`)).status).toBe(200);

        const updated = await invoke('saveItem', itemCall('team', row.id, await form(await imageFile('b.webp', 'webp'))), cookie);
        expect(updated.result).toEqual({ ok: true });
        const now = await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } });
        expect(now.image).toMatch(/\.webp$/);
        const files = await driver.stored('team');
        expect(files).toContain(now.image);
        expect(files).not.toContain(row.image);

        expect((await invoke('deleteItem', itemCall('team', row.id), cookie)).result).toEqual({ ok: true });
        // In the trash while the item can be restored from the activity log (the sweeper removes it after).
        expect(await driver.stored('team')).not.toContain(now.image);
        expect(await driver.stored('trash-team')).toContain(now.image);
        expect((await media(`/teamimges/${now.image}`)).status).toBe(404);
      });
    });

    describe('legacy image folders', () => {
      it('serves event images from /contactimges (shared with contacts)', async () => {
        const home = await call('/api/home');
        const event = home.data[0][0];
        const res = await media(`/contactimges/${event.event_img}`);
        expect(res.status).toBe(200);
        expect((await media(`/clientimges/${event.client.logo}`)).status).toBe(200);
      });

      // The image optimiser making the phone sizes from the cut is the HTTP tier's half.
      it("serves a slide's portrait cut with ?crop=portrait: 9:16 at the full height; an unknown crop is a 400 (in-process half: the media route's cut)", async () => {
        const home = await call('/api/home');
        const slide = home.data[6][0];
        const photo = await media(`/sliderimges/${slide.img}`);
        const whole = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
        expect(whole.width! / whole.height!).toBeGreaterThan(1);

        const res = await media(`/sliderimges/${slide.img}?crop=portrait`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(photo.headers.get('content-type'));
        expect(res.headers.get('cache-control')).toContain('immutable');
        const cut = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(cut.height).toBe(whole.height);
        expect(cut.width).toBe(Math.round((whole.height! * 9) / 16));

        const bad = await media(`/sliderimges/${slide.img}?crop=square`);
        expect(bad.status).toBe(400);
        expect(await bad.text()).toBe(en.errors.unknownCrop);
        expect((await media(`/sliderimges/nope.jpg?crop=portrait`)).status).toBe(404);
      });
    });
  });
}
