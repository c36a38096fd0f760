import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { BASE, imageFile } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { pdfBytes, pdfFile, settingsForm, settingsRow, stored } from '../helpers/site-settings-fixtures';
import { spawnServer } from '../helpers/spawn-server';

// Issue 19, points 6 and 7, what needs the real server: the site settings saved through the back
// office's action show on the public pages on the next request (the rendered HTML, served from the
// page cache the save must expire: titles, hero tagline, About text, icons' links, og:image, the
// privacy notice), the Settings screen's own answer, the images at their /siteimges/ addresses
// (next.config.ts rewrites them to the media route), the headers the server adds to the
// portfolio's answer (X-Frame-Options from next.config.ts, the policy it must not replace), and
// the orphan sweeper of a server started for it. The action itself (who may, what is stored and
// refused) and the file routes' answers are tests/inproc/site-settings.test.ts.
// The settings go back to the seed's state (no row: the demo brand) at the end.

let admin = '';
let mini = '';

const save = (fields: Record<string, string | File>, cookie = admin) =>
  invoke('saveSettings', formCall({}, settingsForm(fields)), cookie, '/Admin/Settings');

async function page(pathname: string) {
  const res = await fetch(`${BASE}${pathname}`, { headers: { 'X-Forwarded-For': '10.99.0.1' } });
  expect(res.status, pathname).toBe(200);
  return res.text();
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

const EMPTY = {
  companyNameEn: '',
  companyNameAr: '',
  aboutEn: '',
  aboutAr: '',
  taglineEn: '',
  taglineAr: '',
  titleSuffixEn: '',
  titleSuffixAr: '',
  descriptionEn: '',
  descriptionAr: '',
  privacyEn: '',
  privacyAr: '',
  inquiryRecipients: '',
  whatsapp: '',
};

beforeAll(async () => {
  admin = await sessionCookie((await makeUser('admin')).email);
  mini = await sessionCookie((await makeUser('mini')).email);
});

afterAll(async () => {
  // Back to the seed's state: every field empty, every file removed (and the caches expired by the
  // same write path), then no row at all, which renders the same demo brand.
  const res = await save({ ...EMPTY, clear_logo: '1', clear_socialImage: '1', clear_portfolio: '1' });
  expect(res.result).toEqual({ ok: true });
  expect(stored()).toEqual([]);
  await testDb.siteSettings.deleteMany({});
  await testDb.$disconnect();
});

describe('site settings', () => {
  it('start from the demo brand: no row, titles with the demo name in both languages', async () => {
    expect(await settingsRow()).toBeNull();
    expect(titleOf(await page('/Services'))).toBe(`Our Services | ${en.meta.siteName}`);
    expect(titleOf(await page('/ar/Services'))).toBe(`خدماتنا | ${ar.meta.siteName}`);
    expect(titleOf(await page('/TheTeam'))).toBe(`The Team | ${en.meta.siteName}`);
    expect(titleOf(await page('/ar/TheTeam'))).toBe(`فريق العمل | ${ar.meta.siteName}`);
    expect(titleOf(await page('/'))).toBe(`${en.meta.siteName} — ${en.meta.home.title}`);
    const about = await page('/AboutUs');
    expect(about).toContain(en.about.p1);
    expect(about).toContain('href="/portfolio.pdf"');
    // The demo icons, as files.
    expect(about).toContain('href="/brand/icon.svg"');
    expect(about).toContain('href="/brand/apple-icon.png"');
  });

  it('is refused to anonymous callers and Mini Admins, and nothing changes: the Settings screen says so to a Mini Admin', async () => {
    const screen = await fetch(`${BASE}/Admin/Settings`, { headers: { Cookie: mini } });
    expect(await screen.text()).toContain('data-testid="forbidden"');
  });

  it('logo, About text, hero tagline and portfolio show on the public site on the next request, in both languages: the pages and the logo at its address', async () => {
    // Cached copies of the pages exist before the save.
    for (const p of ['/', '/ar', '/AboutUs', '/ar/AboutUs']) await page(p);
    const res = await save({
      taglineEn: 'Stages that sparkle',
      taglineAr: 'مسارح تتألق',
      aboutEn: 'We light up the Gulf.\n\nSince yesterday.',
      aboutAr: 'نضيء الخليج.\n\nمنذ الأمس.',
      logo: await imageFile('logo.png', 'png', 120),
    });
    expect(res.result).toEqual({ ok: true });
    const row = (await settingsRow())!;

    const home = await page('/');
    expect(home).toContain('data-testid="hero-tagline">Stages that sparkle</p>');
    expect(home).toContain(`url=%2Fsiteimges%2F${row.logo}`);
    expect(home).toContain(`href="/icons/icon.png?v=${row.logo}"`);
    expect(home).toContain(`href="/icons/apple-icon.png?v=${row.logo}"`);
    const org = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(home)![1]!) as { logo: string };
    expect(org.logo).toBe(`${BASE}/siteimges/${row.logo}`);
    expect(await page('/ar')).toContain('data-testid="hero-tagline">مسارح تتألق</p>');

    const about = await page('/AboutUs');
    expect(about).toContain('>We light up the Gulf.</p>');
    expect(about).toContain('>Since yesterday.</p>');
    expect(about).not.toContain(en.about.p1);
    const aboutAr = await page('/ar/AboutUs');
    expect(aboutAr).toContain('>نضيء الخليج.</p>');
    expect(aboutAr).toContain('>منذ الأمس.</p>');

    // The logo itself, at the address the pages name.
    const logo = await fetch(`${BASE}/siteimges/${row.logo}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).width).toBe(120);
    expect(about).toContain('href="/portfolio.pdf"');
  });

  it("replacing or removing files removes the old ones from the store: the pages and the old logo's address", async () => {
    const before = (await settingsRow())!;
    const res = await save({ logo: await imageFile('logo2.jpg', 'jpeg', 90) });
    expect(res.result).toEqual({ ok: true });
    const after = (await settingsRow())!;
    expect(await page('/')).toContain(`url=%2Fsiteimges%2F${after.logo}`);
    expect((await fetch(`${BASE}/siteimges/${before.logo}`)).status).toBe(404);

    // Back to the demo's logo: the pages show the demo's again.
    const cleared = await save({ clear_logo: '1' });
    expect(cleared.result).toEqual({ ok: true });
    const home = await page('/');
    expect(home).not.toContain('siteimges');
    expect(home).toContain('href="/brand/icon.svg"');
  });

  it("a portfolio holding a script, an action or HTML is sent as a download, a plain one inline, always with its own policy: the server's headers", async () => {
    const cases: [string, Buffer][] = [
      ['a plain PDF', pdfBytes('plain')],
      ['a script run on opening', pdfBytes('script', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ')],
      ['document-level JavaScript', pdfBytes('names', '/Names << /JavaScript 3 0 R >> ')],
      ['an HTML/PDF polyglot', pdfBytes('<HTML><body><script>alert(document.domain)</script></body></HTML>')],
    ];
    for (const [label, pdf] of cases) {
      const res = await save({ portfolio: pdfFile(pdf) });
      expect(res.result, label).toEqual({ ok: true });
      const served = await fetch(`${BASE}/portfolio.pdf`);
      expect(served.status, label).toBe(200);
      // The route's own policy, not replaced by the site-wide one; the site-wide X-Frame-Options added.
      expect(served.headers.get('content-security-policy'), label).toBe("default-src 'none'; sandbox");
      expect(served.headers.get('x-frame-options'), label).toBe('DENY');
    }
    expect((await save({ clear_portfolio: '1' })).result).toEqual({ ok: true });
  });

  it('the privacy notice: the default in each language, a saved text on the next request, the default again when emptied: the pages and the Settings screen', async () => {
    const main = await testDb.contact.findFirstOrThrow({ orderBy: { id: 'asc' } });
    expect(main.email).toMatch(/@/);
    const firstEn = en.privacy.defaultNotice.p1.replace('{company}', en.meta.siteName);
    const firstAr = ar.privacy.defaultNotice.p1.replace('{company}', ar.meta.siteName);
    // The default: the demo name and the main office's e-mail, each paragraph its own.
    const english = await page('/Privacy');
    expect(titleOf(english)).toBe(`${en.meta.privacy.title} | ${en.meta.siteName}`);
    expect(english).toContain(`data-testid="privacy-paragraph">${firstEn}</p>`);
    expect(english).toContain(`To do so, write to us at ${main.email}, with your reference number`);
    expect(english.match(/data-testid="privacy-paragraph"/g)).toHaveLength(6);
    const arabic = await page('/ar/Privacy');
    expect(arabic).toContain('<html lang="ar" dir="rtl"');
    expect(titleOf(arabic)).toBe(`${ar.meta.privacy.title} | ${ar.meta.siteName}`);
    expect(arabic).toContain(`data-testid="privacy-paragraph">${firstAr}</p>`);
    expect(arabic).toContain(`لذلك راسلنا على ${main.email}، مع رقمك المرجعي`);
    // Settings shows the same default in its fields.
    const screen = await (await fetch(`${BASE}/Admin/Settings`, { headers: { Cookie: admin } })).text();
    expect(screen).toContain(firstEn);
    expect(screen).toContain(firstAr);

    // Saved (the pages were cached above) with the line breaks a form posts (CRLF): both show it on the next request.
    const res = await save({ privacyEn: 'We keep little.\r\n\r\nAsk us to delete it.', privacyAr: 'نحتفظ بالقليل.\r\n\r\nاطلب حذفه.' });
    expect(res.result).toEqual({ ok: true });
    const saved = await page('/Privacy');
    expect(saved.match(/data-testid="privacy-paragraph">[^<]*<\/p>/g)).toEqual([
      'data-testid="privacy-paragraph">We keep little.</p>',
      'data-testid="privacy-paragraph">Ask us to delete it.</p>',
    ]);
    expect((await page('/ar/Privacy')).match(/data-testid="privacy-paragraph">[^<]*<\/p>/g)).toEqual([
      'data-testid="privacy-paragraph">نحتفظ بالقليل.</p>',
      'data-testid="privacy-paragraph">اطلب حذفه.</p>',
    ]);

    // English emptied: its default again; the Arabic text stays. Then the Arabic one, sent back
    // exactly as the form showed the default, is stored as "nothing saved".
    expect((await save({ privacyEn: '' })).result).toEqual({ ok: true });
    expect(await page('/Privacy')).toContain(`data-testid="privacy-paragraph">${firstEn}</p>`);
    expect(await page('/ar/Privacy')).toContain('data-testid="privacy-paragraph">نحتفظ بالقليل.</p>');
    const arDefault = [...arabic.matchAll(/data-testid="privacy-paragraph">([^<]*)<\/p>/g)].map((m) => m[1]).join('\n\n');
    expect((await save({ privacyAr: arDefault })).result).toEqual({ ok: true });
    expect(await settingsRow()).toMatchObject({ privacyEn: '', privacyAr: '' });
    expect(await page('/ar/Privacy')).toContain(`data-testid="privacy-paragraph">${firstAr}</p>`);
  });

  it('public page titles carry the company name, or the title suffix, in both languages: the pages', async () => {
    const res = await save({ companyNameEn: 'Acme Events', companyNameAr: 'أكمي للفعاليات', descriptionEn: 'Acme makes events.' });
    expect(res.result).toEqual({ ok: true });
    expect(titleOf(await page('/Services'))).toBe('Our Services | Acme Events');
    expect(titleOf(await page('/ar/Services'))).toBe('خدماتنا | أكمي للفعاليات');
    expect(titleOf(await page('/AboutUs'))).toBe('About Us | Acme Events');
    expect(titleOf(await page('/ar/AboutUs'))).toBe('من نحن | أكمي للفعاليات');
    const home = await page('/');
    expect(titleOf(home)).toBe(`Acme Events — ${en.meta.home.title}`);
    expect(home).toContain('<meta name="description" content="Acme makes events."/>');
    expect(home).toContain('<meta property="og:site_name" content="Acme Events"/>');
    expect(home).toContain('"name":"Acme Events"');
    expect(titleOf(await page('/ar'))).toBe(`أكمي للفعاليات — ${ar.meta.home.title}`);

    const suffixed = await save({ titleSuffixEn: 'Acme Dubai', titleSuffixAr: 'أكمي دبي' });
    expect(suffixed.result).toEqual({ ok: true });
    expect(titleOf(await page('/Services'))).toBe('Our Services | Acme Dubai');
    expect(titleOf(await page('/ar/TheTeam'))).toBe('فريق العمل | أكمي دبي');
  });

  it('the social preview image is cut to 1200x630 and named in og:image: the page and the image at its address', async () => {
    const res = await save({ socialImage: await imageFile('share.jpg', 'jpeg', 300) });
    expect(res.result).toEqual({ ok: true });
    const row = (await settingsRow())!;
    const html = await page('/TheTeam');
    expect(html).toContain(`<meta property="og:image" content="${BASE}/siteimges/${row.socialImage}"/>`);
    const image = await fetch(`${BASE}/siteimges/${row.socialImage}`);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('the orphan sweeper keeps the files the settings refer to and removes the others in their folder', async () => {
    const row = (await settingsRow())!;
    expect(row.socialImage).toBeTruthy();
    // A server of its own on a copy of the folder: the settings' file and a leftover of an
    // interrupted save (stored, row never written), both older than the grace period.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-site-sweep-'));
    const leftover = `${Date.now() - 7200_000}-0123456789ab.png`;
    mkdirSync(path.join(dir, 'site'));
    for (const name of [row.socialImage!, leftover]) {
      writeFileSync(path.join(dir, 'site', name), 'x');
      utimesSync(path.join(dir, 'site', name), new Date(Date.now() - 7200_000), new Date(Date.now() - 7200_000));
    }
    const server = await spawnServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      UPLOADS_DIR: dir,
      AUTH_SECRET: process.env.AUTH_SECRET!,
      ORPHAN_GRACE_SECONDS: '600',
    });
    try {
      await server.waitForOutput(/\[uploads\] orphan sweep done/);
      const removed = [...server.output().matchAll(/\[uploads\] removed orphan (\S+) /g)].map((m) => m[1]);
      expect(removed).toEqual([`site/${leftover}`]);
      expect(readdirSync(path.join(dir, 'site'))).toEqual([row.socialImage]);
    } finally {
      await server.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
