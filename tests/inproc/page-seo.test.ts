import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { imageFile } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { pageMetadata } from '@/lib/seo';
import { settingsFileNames } from '@/lib/settings/files';

// Issue 37 item 3, in-process: a fixed page's search and sharing saved through its form
// (lib/settings/actions.ts savePageSeoForm, the write path lib/settings/page-seo.ts) and read by
// the page's metadata (lib/seo.ts pageMetadata) in each language: the title, the description, the
// share image cut to 1200x630; empty fields keep the defaults; who may, what is refused and
// changes nothing, a save over a newer one refused, each save logged, the image kept by the
// sweeper. The rendered pages (their cached copies expired by a save) are
// tests/integration/page-seo.test.ts; the form's counters and previews, tests/e2e/page-seo.spec.ts.

const cookies = { mini: '', anonymous: '' };
beforeAll(async () => {
  cookies.mini = await sessionCookie((await makeUser('mini')).email);
});
afterAll(async () => {
  await testDb.pageSeo.deleteMany();
  await testDb.$disconnect();
});

const save = (fields: Record<string, string | Blob>, cookie = cookies.mini) =>
  invoke('savePageSeoForm', formCall({ locale: 'en', version: 'none', ...fields }), cookie);
const version = async (page: string) => (await testDb.pageSeo.findUnique({ where: { page } }))?.updatedAt.toISOString() ?? 'none';
const defaultTitle = (t: typeof en, page: 'team') =>
  t.meta.titleFormat.replace('{page}', t.meta[page].title).replace('{site}', t.meta.siteName);

describe('search and sharing of the fixed pages', () => {
  it('saved per language: each language’s metadata says its own; an empty field keeps the default; logged', async () => {
    const saved = await save({
      page: 'team',
      titleEn: '',
      descriptionEn: 'Riggers, engineers and crew chiefs for events in Dubai.',
      titleAr: 'فريق 7 ستارز للفعاليات',
      descriptionAr: '',
    });
    expect(saved.redirect).toBe('/Admin/Seo/team?saved=1');
    const [english, arabic] = await Promise.all([pageMetadata('en', 'team'), pageMetadata('ar', 'team')]);
    expect([english.title, english.description]).toEqual([
      defaultTitle(en, 'team'),
      'Riggers, engineers and crew chiefs for events in Dubai.',
    ]);
    expect([arabic.title, arabic.description]).toEqual(['فريق 7 ستارز للفعاليات', ar.meta.team.description]);
    expect([english.openGraph?.title, english.openGraph?.description]).toEqual([english.title, english.description]);
    expect([arabic.twitter?.title, arabic.twitter?.description]).toEqual([arabic.title, arabic.description]);
    const entry = await testDb.activityLog.findFirstOrThrow({ where: { entity: 'settings', detail: 'seo.team' }, orderBy: { id: 'desc' } });
    expect(entry.changes).toEqual({
      seoDescriptionEn: { before: '', after: 'Riggers, engineers and crew chiefs for events in Dubai.' },
      seoTitleAr: { before: '', after: 'فريق 7 ستارز للفعاليات' },
    });
    // Another page is untouched.
    expect((await pageMetadata('en', 'about')).description).toBe(en.meta.about.description);
  });

  it('a share image is cut to 1200x630 and named by the page’s og:image and twitter:image; cleared, the site’s again; the sweeper keeps it', async () => {
    const photo = await imageFile('stage.png', 'png', 900);
    expect((await save({ page: 'about', version: await version('about'), image: photo })).redirect).toBe('/Admin/Seo/about?saved=1');
    const row = await testDb.pageSeo.findUniqueOrThrow({ where: { page: 'about' } });
    const file = path.join(process.env.UPLOADS_DIR!, 'site', row.image!);
    expect(existsSync(file)).toBe(true);
    expect(await sharp(file).metadata()).toMatchObject({ width: 1200, height: 630, format: 'jpeg' });
    const meta = await pageMetadata('ar', 'about');
    expect(meta.openGraph?.images).toEqual([{ url: `/siteimges/${row.image}`, width: 1200, height: 630, alt: expect.any(String) }]);
    expect(meta.twitter?.images).toEqual([`/siteimges/${row.image}`]);
    expect(await settingsFileNames()).toContain(row.image);
    expect((await save({ page: 'about', version: await version('about'), clearImage: '1' })).redirect).toBe('/Admin/Seo/about?saved=1');
    expect((await testDb.pageSeo.findUniqueOrThrow({ where: { page: 'about' } })).image).toBeNull();
    expect(existsSync(file)).toBe(false);
    expect((await pageMetadata('en', 'about')).twitter?.images).toEqual(['/brand/og.jpg']);
  });

  it('markup, a script link, an odd page, a file that is no image, too long a text: refused, nothing changed; anonymous refused', async () => {
    const before = await testDb.pageSeo.findMany({ orderBy: { page: 'asc' } });
    const refused = async (fields: Record<string, string | Blob>, field: string, code: string) =>
      expect((await save({ page: 'home', ...fields })).result, JSON.stringify(Object.keys(fields))).toMatchObject({
        ok: false,
        error: 'invalid',
        fieldErrors: { [field]: [code] },
      });
    await refused({ descriptionEn: 'Best <script>alert(1)</script> events' }, 'descriptionEn', 'markupNotAllowed');
    await refused({ titleAr: '<img src=x onerror=alert(1)>' }, 'titleAr', 'markupNotAllowed');
    await refused({ descriptionAr: 'اضغط javascript:alert(1)' }, 'descriptionAr', 'unsafeLink');
    await refused({ titleEn: 'x'.repeat(71) }, 'titleEn', 'tooLong');
    await refused({ image: new File(['not an image'], 'x.jpg', { type: 'image/jpeg' }) }, 'image', 'imageInvalid');
    for (const page of ['admin', '__proto__', '', 'Home'])
      expect((await save({ page, titleEn: 'x' })).result, page).toMatchObject({ ok: false, error: 'badRequest' });
    expect((await save({ page: 'home', titleEn: 'Hacked' }, cookies.anonymous)).result).toMatchObject({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await testDb.pageSeo.findMany({ orderBy: { page: 'asc' } })).toEqual(before);
  });

  it('a save over a newer one is refused and changes nothing', async () => {
    const seen = await version('contact');
    expect((await save({ page: 'contact', version: seen, titleEn: 'Call us' })).redirect).toBe('/Admin/Seo/contact?saved=1');
    const stale = await save({ page: 'contact', version: seen, titleEn: 'Write to us' });
    expect(stale.result).toMatchObject({ ok: false, error: 'staleVersion', status: 409, values: { titleEn: 'Write to us' } });
    expect((await testDb.pageSeo.findUniqueOrThrow({ where: { page: 'contact' } })).titleEn).toBe('Call us');
  });
});
