import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { send } from '#test-transport';
import { BASE, call, userWithToken } from '../helpers/api';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { testDb } from '../helpers/db';
import { filesIn, HEIGHT, madeCount, photo, slideForm } from '../helpers/image-cuts-fixtures';
import { cutName, withCuts } from '@/lib/uploads/cuts';
import { SOCIAL_IMAGE } from '@/lib/settings/social-image';

// Issue 34, in-process: the share and portrait cuts are made once, at upload, and stored beside the
// original (lib/uploads/cuts.ts); the media route (app/media/[folder]/[name], asked at
// /media/sliderimges/<name>) serves the stored file, byte for byte. 40 uploads through the back
// office's action store each photo with its two cuts; what the route answers for a crop is the
// stored cut (nothing made on request); a name that is no image, an unknown crop and a cut of a cut
// are refused; an upload from before stored cuts gets its cut made once by its first request (12
// at once too), stored; replacing and deleting through /api, and a restore from the activity log,
// take the cuts with the photo. On this file's own database and uploads folder (the seeded images
// are there too). What a request costs the server's CPU (a server of the test's own, its CPU read
// from /proc), the originals through the public /sliderimges/ addresses, and the sweep a restarted
// server runs at its start with other settings are tests/integration/image-cuts.test.ts.

const dir = process.env.UPLOADS_DIR!;

// What the route logs (a cut made on request), as the server's output holds it.
const logged: string[] = [];
const log = console.log.bind(console);
vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
  logged.push(format(...args));
  log(...args);
});
const output = () => logged.join('\n');

let admin: string;
let cookie: string;
/** The seeded slides' files, there before this file's uploads. */
let seeded: string[] = [];
beforeAll(async () => {
  const made = await userWithToken('admin');
  admin = made.token!;
  cookie = await sessionCookie(made.user!.email);
  seeded = files('slides');
});
afterAll(async () => {
  vi.restoreAllMocks();
  await testDb.$disconnect();
});

const files = (folder: string) => filesIn(dir, folder);

/** A slide saved through the back office (the admin action, a signed-in session), as staff save one. */
async function upload(i: number): Promise<{ id: number; img: string }> {
  const saved = await invoke('saveItem', itemCall('slides', null, await slideForm(i)), cookie);
  expect(saved.result).toEqual({ ok: true });
  const row = await testDb.slide.findFirstOrThrow({ orderBy: { id: 'desc' } });
  return { id: row.id, img: row.image };
}

/** The media route's answer for a slide's file (what /sliderimges/<name> is rewritten to). */
const get = async (name: string) => {
  const res = await send(new Request(`${BASE}/media/sliderimges/${name}`));
  return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
};

const madeLines = (cut: string, name: string) => madeCount(output(), cut, name);

describe('cuts are made at upload and served from the store', () => {
  let slides: { id: number; img: string }[] = [];

  it('40 uploads store each photo with its two cuts beside it', async () => {
    slides = [];
    for (let i = 0; i < 40; i++) slides.push(await upload(i));
    const stored = files('slides');
    for (const { img } of slides) {
      expect(stored.filter((name) => name.startsWith(img)).sort()).toEqual([img, `${img}.cut-portrait.jpg`, `${img}.cut-share.jpg`]);
    }
    // Beside the seeded images: exactly the 40 photos and their 80 cuts.
    expect(stored.filter((name) => !seeded.includes(name)).length).toBe(120);
  }, 180_000);

  it('40 share and 40 portrait requests cost < 20 ms CPU each on average, and are the exact cuts (in-process half: the exact cuts)', async () => {
    for (const { img } of slides) {
      const share = await get(`${img}?crop=share`);
      const portrait = await get(`${img}?crop=portrait`);
      expect([share.status, share.type, portrait.status, portrait.type]).toEqual([200, 'image/jpeg', 200, 'image/jpeg']);
      const shareMeta = await sharp(share.body).metadata();
      expect([shareMeta.format, shareMeta.width, shareMeta.height]).toEqual(['jpeg', SOCIAL_IMAGE.width, SOCIAL_IMAGE.height]);
      const portraitMeta = await sharp(portrait.body).metadata();
      expect([portraitMeta.format, portraitMeta.width, portraitMeta.height]).toEqual(['jpeg', Math.round((HEIGHT * 9) / 16), HEIGHT]);
      // The stored files themselves, made at upload: nothing was made on request.
      expect(share.body.equals(readFileSync(path.join(dir, 'slides', cutName(img, 'share'))))).toBe(true);
      expect(portrait.body.equals(readFileSync(path.join(dir, 'slides', cutName(img, 'portrait'))))).toBe(true);
    }
    expect(output()).not.toContain('[uploads] made the ');
  }, 120_000);

  it('a name that is no image in the store is a 404 with a crop; an unknown crop a 400; a cut is not cut again', async () => {
    const img = slides[0]!.img;
    expect((await get(`1-nothing.jpg?crop=share`)).status).toBe(404);
    expect((await get(`1-nothing.jpg?crop=portrait`)).status).toBe(404);
    expect((await get(`${img}?crop=round`)).status).toBe(400);
    expect((await get(`${cutName(img, 'share')}?crop=share`)).status).toBe(404);
    expect(files('slides').filter((name) => !seeded.includes(name)).length).toBe(120);
    expect(output()).not.toContain('[uploads] made the ');
  });
});

describe('an upload from before stored cuts', () => {
  it('gets its cut made once by its first request, stored; the second request reads it (fast, the same bytes) (in-process half: made once, stored, the same bytes)', async () => {
    const { img } = await upload(100);
    // As an older upload (or the demo seed's) is stored: the original alone.
    for (const name of withCuts(img).slice(1)) rmSync(path.join(dir, 'slides', name));
    expect(files('slides').filter((name) => name.startsWith(img))).toEqual([img]);

    const first = await get(`${img}?crop=share`);
    expect(first.status).toBe(200);
    expect(madeLines('share', img)).toBe(1);
    expect(files('slides').filter((name) => name.startsWith(img))).toEqual([img, `${img}.cut-share.jpg`]);
    expect(first.body.equals(readFileSync(path.join(dir, 'slides', `${img}.cut-share.jpg`)))).toBe(true);
    const meta = await sharp(first.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);

    const again: Buffer[] = [];
    for (let i = 0; i < 10; i++) again.push((await get(`${img}?crop=share`)).body);
    for (const body of again) expect(body.equals(first.body)).toBe(true);
    expect(madeLines('share', img)).toBe(1);
  }, 60_000);

  it('12 concurrent first requests for one missing cut make it once', async () => {
    const { img } = await upload(101);
    rmSync(path.join(dir, 'slides', cutName(img, 'portrait')));
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(`${img}?crop=portrait`)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    for (const a of answers) expect(a.body.equals(answers[0]!.body)).toBe(true);
    expect(madeLines('portrait', img)).toBe(1);
    expect(answers[0]!.body.equals(readFileSync(path.join(dir, 'slides', cutName(img, 'portrait'))))).toBe(true);
    const meta = await sharp(answers[0]!.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 563, 1000]);
  }, 60_000);
});

describe('cuts follow their original: trash, and the sweeper', () => {
  it("a delete moves the cuts to the trash with the photo; the sweeper keeps a live photo's and a restorable one's, and removes those whose photo is gone (in-process half: replace, delete and restore)", async () => {
    const deleted = await upload(201);
    const replaced = await upload(202);
    // Replacing an image removes the old one's cuts with it, and stores the new one's.
    const update = await call(`/api/slider/${replaced.id}`, { token: admin, form: { img: await photo(203), _method: 'PUT' } });
    expect(update.status).toBe(200);
    const replacement: string = update.data[0].img;
    expect(files('slides').filter((name) => name.startsWith(replaced.img))).toEqual([]);
    expect(files('slides').filter((name) => name.startsWith(replacement))).toEqual(withCuts(replacement).sort());

    expect((await call(`/api/slider/${deleted.id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect(files('slides').filter((name) => name.startsWith(deleted.img))).toEqual([]);
    expect(files('trash-slides')).toEqual(withCuts(deleted.img).sort());
    expect((await get(`${deleted.img}?crop=share`)).status).toBe(404);

    // A restore (the activity log's action) brings the cuts back with the photo; deleted again, they go again.
    const entry = await testDb.activityLog.findFirstOrThrow({ where: { kind: 'delete', entity: 'slides', entityId: deleted.id } });
    const form = new FormData();
    form.append('entry', String(entry.id));
    form.append('query', 'kind=delete&page=1');
    form.append('locale', 'en');
    const restored = await invoke('restoreEntry', [form], cookie, '/Admin/Activity');
    expect(restored.redirect).toContain(`restored=${entry.id}`);
    expect(files('trash-slides')).toEqual([]);
    expect(files('slides').filter((name) => name.startsWith(deleted.img))).toEqual(withCuts(deleted.img).sort());
    expect((await get(`${deleted.img}?crop=share`)).status).toBe(200);
    expect((await call(`/api/slider/${deleted.id}`, { token: admin, method: 'DELETE' })).status).toBe(200);
    expect(files('trash-slides')).toEqual(withCuts(deleted.img).sort());
  }, 60_000);
});
