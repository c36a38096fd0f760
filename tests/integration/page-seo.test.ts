import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { BASE, imageFile } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';

// Issue 37 item 3 over HTTP: what staff save for a fixed page's search and sharing is on the next
// request of the page, whose copy the server keeps (server/page-cache.ts) until a save expires it,
// in each language: <title>, the description, Open Graph and Twitter's title, description and
// image; a page with nothing set keeps its defaults. The write path's rules are
// tests/inproc/page-seo.test.ts.

let cookie = '';
beforeAll(async () => {
  cookie = await sessionCookie((await makeUser('mini')).email);
});
afterAll(async () => {
  // The picture removed through the write path (the settings' folder must hold only theirs: tests/integration/site-settings.test.ts).
  // Emptied through the write path too, which expires the pages' cached copies: the defaults again for the next files.
  const row = await testDb.pageSeo.findUnique({ where: { page: 'services' } });
  if (row) {
    const empty = { titleEn: '', titleAr: '', descriptionEn: '', descriptionAr: '', clearImage: '1' };
    const cleared = await invoke(
      'savePageSeoForm',
      formCall({ page: 'services', version: row.updatedAt.toISOString(), locale: 'en', ...empty }),
      cookie,
      '/Admin/Seo/services',
    );
    expect(cleared.redirect).toMatch(/saved=1/);
  }
  await testDb.pageSeo.deleteMany();
  await testDb.$disconnect();
});

async function html(path: string): Promise<string> {
  const res = await fetch(`${BASE}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}
const decode = (text: string | undefined) =>
  text
    ?.replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');
const meta = (page: string, attribute: 'name' | 'property', key: string) =>
  decode(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(page)?.[1]);
const title = (page: string) => decode(/<title>([^<]*)<\/title>/.exec(page)?.[1]);

describe('a fixed page’s search and sharing', () => {
  it('saved: on the next request of the kept page, in each language, with its share image; the other pages keep their defaults', async () => {
    // Kept copies of both languages first (a second request is the copy).
    for (const path of ['/Services', '/ar/Services']) {
      await html(path);
      expect((await fetch(`${BASE}${path}`)).headers.get('x-page-replay'), path).toBe('1');
    }
    const before = await html('/ar/Services');
    const form = {
      page: 'services',
      version: 'none',
      locale: 'en',
      titleEn: 'LED screens, sound and lighting for events in Dubai',
      descriptionEn: 'Hire LED walls, line arrays and moving lights with crew, across the UAE.',
      titleAr: '',
      descriptionAr: 'شاشات LED وأنظمة صوت وإضاءة للفعاليات في الإمارات.',
    };
    const saved = await invoke(
      'savePageSeoForm',
      formCall({ ...form, image: await imageFile('hall.jpg', 'jpeg', 800) }),
      cookie,
      '/Admin/Seo/services',
    );
    expect(saved.redirect).toMatch(/^\/Admin\/Seo\/services\?saved=1(;push)?$/);
    const image = `${BASE}/siteimges/${(await testDb.pageSeo.findUniqueOrThrow({ where: { page: 'services' } })).image}`;

    const english = await html('/Services');
    expect(title(english)).toBe(form.titleEn);
    expect([
      meta(english, 'name', 'description'),
      meta(english, 'property', 'og:description'),
      meta(english, 'name', 'twitter:description'),
    ]).toEqual([form.descriptionEn, form.descriptionEn, form.descriptionEn]);
    expect([meta(english, 'property', 'og:title'), meta(english, 'name', 'twitter:title')]).toEqual([form.titleEn, form.titleEn]);
    expect([meta(english, 'property', 'og:image'), meta(english, 'name', 'twitter:image')]).toEqual([image, image]);
    const picture = await fetch(image);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

    const arabic = await html('/ar/Services');
    // The Arabic title was left empty: the default, as before the save; the description is the one saved.
    expect(title(arabic)).toBe(title(before));
    expect(meta(arabic, 'name', 'description')).toBe(form.descriptionAr);
    expect(meta(arabic, 'property', 'og:image')).toBe(image);
    expect(meta(before, 'name', 'description')).toBe(ar.meta.services.description);

    const about = await html('/AboutUs');
    expect(meta(about, 'name', 'description')).toBe(en.meta.about.description);
    expect(meta(about, 'property', 'og:image')).toBe(`${BASE}/brand/og.jpg`);
  });
});
