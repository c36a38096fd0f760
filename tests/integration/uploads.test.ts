import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, imageFile, userWithToken } from '../helpers/api';
import { testDb } from '../helpers/db';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import en from '@/messages/en.json';

deleteContentAddedByThisFile();

const uploadsDir = process.env.UPLOADS_DIR!;
const files = (folder: string) => {
  try {
    return readdirSync(path.join(uploadsDir, folder)).sort();
  } catch {
    return [];
  }
};

let admin: string;
beforeAll(async () => {
  admin = (await userWithToken('admin')).token!;
});
afterAll(() => testDb.$disconnect());

const serviceFields = { titel: 'T', dec: 'D', titelar: 'ت', decar: 'د' };

describe('upload refusals leave no file and no row', () => {
  // Each refusal is the 422 of any invalid field, the reason under the service's image part.
  const cases: Array<[string, () => Promise<File>, 'imageInvalid' | 'imageTooLarge' | 'imageFileName']> = [
    ['a text file named .jpg', async () => new File(['just some text, not an image'], 'photo.jpg', { type: 'image/jpeg' }), 'imageInvalid'],
    [
      'an SVG with a script',
      async () =>
        new File(
          ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'],
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
    [
      'a file over the size limit',
      async () => new File([new Uint8Array(11 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }),
      'imageTooLarge',
    ],
    ['a ../ file name', async () => imageFile('../../etc/evil.jpg'), 'imageFileName'],
  ];

  for (const [label, make, reason] of cases) {
    it(label, async () => {
      const beforeRows = await testDb.service.count();
      const beforeFiles = files('services');
      const res = await call('/api/service', { token: admin, form: { ...serviceFields, img_ser: await make() } });
      expect(res.status).toBe(422);
      expect(res.data).toEqual({ message: en.errors.invalid, errors: { img_ser: [en.validation[reason]] } });
      expect(await testDb.service.count()).toBe(beforeRows);
      expect(files('services')).toEqual(beforeFiles);
    });
  }
});

describe('accepted uploads', () => {
  it('strips metadata (EXIF/GPS), uses a safe server-made name, and is served with the right headers', async () => {
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
    const served = await fetch(`${process.env.TEST_BASE_URL}/servimges/${name}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const stored = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
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
      const res = await call('/api/slider', { token: admin, form: { img: new File([new Uint8Array(data)], `x.${ext}`) } });
      expect(res.status, format).toBe(201);
      expect(res.data.img).toMatch(new RegExp(`\\.${ext}$`));
      const served = await fetch(`${process.env.TEST_BASE_URL}/sliderimges/${res.data.img}`);
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
    }
  });

  it('refuses images with too many pixels', async () => {
    const data = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await call('/api/slider', { token: admin, form: { img: new File([new Uint8Array(data)], 'big.png') } });
    expect(res.status).toBe(422);
    expect(res.data).toEqual({ message: en.errors.invalid, errors: { img: [en.validation.imageTooManyPixels] } });
  });
});

describe('legacy image folders', () => {
  it('404 for unknown folders, unknown files and traversal attempts', async () => {
    const base = process.env.TEST_BASE_URL;
    for (const url of [
      '/sliderimges/nope.jpg',
      '/sliderimges/..%2F..%2Fpackage.json',
      '/sliderimges/%2e%2e%2fpackage.json',
      '/contactimges/..%5C..%5Cpackage.json',
      '/teamimges/.env',
      '/media/secret/x.jpg',
      '/servimges/package.json',
    ]) {
      const res = await fetch(`${base}${url}`);
      expect(res.status, url).toBe(404);
    }
  });

  it('serves event images from /contactimges (shared with contacts)', async () => {
    const home = await call('/api/home');
    const event = home.data[0][0];
    const res = await fetch(`${process.env.TEST_BASE_URL}/contactimges/${event.event_img}`);
    expect(res.status).toBe(200);
    expect((await fetch(`${process.env.TEST_BASE_URL}/clientimges/${event.client.logo}`)).status).toBe(200);
  });

  it("serves a slide's portrait cut with ?crop=portrait: 9:16 at the full height; an unknown crop is a 400", async () => {
    const base = process.env.TEST_BASE_URL;
    const home = await call('/api/home');
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
