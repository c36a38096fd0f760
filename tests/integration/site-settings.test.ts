import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { BASE, imageFile } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { spawnServer } from '../helpers/spawn-server';
import { DEMO_PORTFOLIO_FILE } from '@/lib/settings/paths';

// Issue 19, points 6 and 7: the site settings, saved through the back office's server action over
// HTTP, show on the public site on the next request; refused files change nothing and store
// nothing; replaced files leave the store; every public title carries the company name.
// The settings go back to the seed's state (no row: the demo brand) at the end.

const SITE_DIR = path.join(process.env.UPLOADS_DIR!, 'site');
const stored = () => {
  try {
    return readdirSync(SITE_DIR).sort();
  } catch (error) {
    // No folder yet is no file; any other failure is the test's.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

/**
 * A small PDF a reader opens: header, one catalog (with `catalog` added to it), the
 * cross-reference table and pointer, and %%EOF.
 */
function pdfBytes(note: string, catalog = ''): Buffer {
  const header = '%PDF-1.4\n';
  const root = `1 0 obj\n<< /Type /Catalog /Pages 2 0 R ${catalog}>>\nendobj\n`;
  const body = `${header}${root}2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${note}\n`;
  const offset = (n: number) => `${String(n).padStart(10, '0')} 00000 n `;
  return Buffer.from(
    `${body}xref\n0 3\n0000000000 65535 f \n${offset(header.length)}\n${offset(header.length + root.length)}\ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${Buffer.byteLength(body)}\n%%EOF\n`,
  );
}
const pdfFile = (bytes: Buffer, name = 'portfolio.pdf', type = 'application/pdf') => new File([new Uint8Array(bytes)], name, { type });

let admin = '';
let mini = '';

function form(fields: Record<string, string | File>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}
const save = (fields: Record<string, string | File>, cookie = admin) =>
  invoke('saveSettings', formCall({}, form(fields)), cookie, '/Admin/Settings');

async function page(pathname: string) {
  const res = await fetch(`${BASE}${pathname}`, { headers: { 'X-Forwarded-For': '10.99.0.1' } });
  expect(res.status, pathname).toBe(200);
  return res.text();
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const settingsRow = () => testDb.siteSettings.findUnique({ where: { id: 1 } });

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

  it('is refused to anonymous callers and Mini Admins, and nothing changes', async () => {
    for (const [cookie, code] of [
      ['', 'unauthenticated'],
      [mini, 'forbidden'],
    ] as const) {
      const res = await save({ taglineEn: 'Hacked tagline', logo: await imageFile('logo.png', 'png') }, cookie);
      expect(res.result).toEqual({ ok: false, error: code });
    }
    expect(await settingsRow()).toBeNull();
    expect(stored()).toEqual([]);
    // The screen itself says so to a Mini Admin.
    const screen = await fetch(`${BASE}/Admin/Settings`, { headers: { Cookie: mini } });
    expect(await screen.text()).toContain('data-testid="forbidden"');
  });

  it('logo, About text, hero tagline and portfolio show on the public site on the next request, in both languages', async () => {
    // Cached copies of the pages exist before the save.
    for (const p of ['/', '/ar', '/AboutUs', '/ar/AboutUs']) await page(p);
    const pdf = pdfBytes('first portfolio');
    const res = await save({
      taglineEn: 'Stages that sparkle',
      taglineAr: 'مسارح تتألق',
      aboutEn: 'We light up the Gulf.\n\nSince yesterday.',
      aboutAr: 'نضيء الخليج.\n\nمنذ الأمس.',
      logo: await imageFile('logo.png', 'png', 120),
      portfolio: pdfFile(pdf),
    });
    expect(res.result).toEqual({ ok: true });
    const row = (await settingsRow())!;
    expect(row.logo).toMatch(/^\d+-[0-9a-f]{12}\.png$/);
    expect(row.portfolio).toMatch(/^\d+-[0-9a-f]{12}\.pdf$/);
    expect(stored()).toEqual([row.logo, row.portfolio].sort());
    expect(row.taglineEn).toBe('Stages that sparkle');

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

    // The logo itself, and the icons made from it (sharp: square PNGs).
    const logo = await fetch(`${BASE}/siteimges/${row.logo}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await logo.arrayBuffer())).metadata()).width).toBe(120);
    for (const [name, size] of [
      ['icon.png', 192],
      ['apple-icon.png', 180],
    ] as const) {
      const icon = await fetch(`${BASE}/icons/${name}?v=${row.logo}`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/png');
      expect(icon.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await icon.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }

    // The portfolio: the uploaded bytes, with a PDF's headers, revalidated every time.
    const served = await fetch(`${BASE}/portfolio.pdf`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="7stars-event-portfolio.pdf"');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, no-cache');
    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(`${BASE}/portfolio.pdf`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(about).toContain('href="/portfolio.pdf"');
  });

  it('replacing or removing files removes the old ones from the store', async () => {
    const before = (await settingsRow())!;
    const pdf = pdfBytes('second portfolio');
    const res = await save({ logo: await imageFile('logo2.jpg', 'jpeg', 90), portfolio: pdfFile(pdf) });
    expect(res.result).toEqual({ ok: true });
    const after = (await settingsRow())!;
    expect(after.logo).toMatch(/\.jpg$/);
    expect(after.logo).not.toBe(before.logo);
    expect(after.portfolio).not.toBe(before.portfolio);
    // Text fields not sent keep their values.
    expect(after.taglineEn).toBe('Stages that sparkle');
    expect(stored()).toEqual([after.logo, after.portfolio].sort());
    expect(Buffer.from(await (await fetch(`${BASE}/portfolio.pdf`)).arrayBuffer()).equals(pdf)).toBe(true);
    expect(await page('/')).toContain(`url=%2Fsiteimges%2F${after.logo}`);
    expect((await fetch(`${BASE}/siteimges/${before.logo}`)).status).toBe(404);

    // Back to the demo's logo and portfolio: the files go, the pages show the demo's again.
    const cleared = await save({ clear_logo: '1', clear_portfolio: '1' });
    expect(cleared.result).toEqual({ ok: true });
    expect(await settingsRow()).toMatchObject({ logo: null, portfolio: null });
    expect(stored()).toEqual([]);
    const home = await page('/');
    expect(home).not.toContain('siteimges');
    expect(home).toContain('href="/brand/icon.svg"');
    const demo = await fetch(`${BASE}/portfolio.pdf`);
    expect(demo.status).toBe(200);
    expect(Buffer.from(await demo.arrayBuffer()).equals(readFileSync(DEMO_PORTFOLIO_FILE))).toBe(true);
  });

  it('a portfolio holding a script, an action or HTML is sent as a download, a plain one inline, always with its own policy', async () => {
    const cases: [string, Buffer, 'inline' | 'attachment'][] = [
      ['a plain PDF', pdfBytes('plain'), 'inline'],
      ['a script run on opening', pdfBytes('script', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '), 'attachment'],
      ['document-level JavaScript', pdfBytes('names', '/Names << /JavaScript 3 0 R >> '), 'attachment'],
      ['an HTML/PDF polyglot', pdfBytes('<HTML><body><script>alert(document.domain)</script></body></HTML>'), 'attachment'],
    ];
    for (const [label, pdf, disposition] of cases) {
      const res = await save({ portfolio: pdfFile(pdf) });
      expect(res.result, label).toEqual({ ok: true });
      const served = await fetch(`${BASE}/portfolio.pdf`);
      expect(served.status, label).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(pdf), label).toBe(true);
      expect(served.headers.get('content-disposition'), label).toBe(`${disposition}; filename="7stars-event-portfolio.pdf"`);
      expect(served.headers.get('content-security-policy'), label).toBe("default-src 'none'; sandbox");
      expect(served.headers.get('content-type'), label).toBe('application/pdf');
      expect(served.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(served.headers.get('x-frame-options'), label).toBe('DENY');
    }
    // The demo's again: it is a plain PDF, shown inline.
    expect((await save({ clear_portfolio: '1' })).result).toEqual({ ok: true });
    const demo = await fetch(`${BASE}/portfolio.pdf`, { method: 'HEAD' });
    expect(demo.headers.get('content-disposition')).toBe('inline; filename="7stars-event-portfolio.pdf"');
    expect(demo.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(stored()).toEqual([]);
  });

  it('a portfolio that is not a PDF is refused under its field, and nothing changes', async () => {
    const before = await settingsRow();
    const png = (await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer()) as Buffer;
    const cases = [
      pdfFile(png, 'portfolio.pdf'), // an image renamed
      pdfFile(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), 'cut.pdf'), // a truncated upload: no trailer
      pdfFile(Buffer.from('hello, this is text'), 'notes.pdf', 'text/plain'),
    ];
    for (const file of cases) {
      const res = await save({ taglineEn: 'Should not be saved', portfolio: file });
      expect(res.text).toContain('"ok":false,"error":"invalid","fieldErrors":{"portfolio":["pdfInvalid"]}');
    }
    expect(await settingsRow()).toEqual(before);
    expect(stored()).toEqual([]);
    expect(en.admin.settings.errors.pdfInvalid).toBe('This file is not a PDF.');
    expect(ar.admin.settings.errors.pdfInvalid).toBe('هذا الملف ليس ملف PDF.');
  });

  it('a logo that is not an image is refused under its field, and nothing changes', async () => {
    const before = await settingsRow();
    for (const file of [
      new File(['not an image at all'], 'logo.png', { type: 'image/png' }),
      pdfFile(pdfBytes('a pdf as a logo'), 'logo.png', 'image/png'),
    ]) {
      const res = await save({ taglineEn: 'Should not be saved', logo: file });
      expect(res.text).toContain('"ok":false,"error":"invalid","fieldErrors":{"logo":["imageInvalid"]}');
    }
    expect(await settingsRow()).toEqual(before);
    expect(stored()).toEqual([]);
  });

  it('recipients and the WhatsApp number are checked and stored normalised', async () => {
    const bad = await save({ inquiryRecipients: 'sales@example.ae, not-an-address', whatsapp: '12345' });
    expect(bad.text).toContain('"fieldErrors":{"inquiryRecipients":["invalidRecipients"],"whatsapp":["invalidWhatsapp"]}');
    const good = await save({
      inquiryRecipients: ' Sales@Example.ae; events@example.ae,,sales@example.ae ',
      whatsapp: '00971 (55) 765-4321',
    });
    expect(good.result).toEqual({ ok: true });
    expect(await settingsRow()).toMatchObject({ inquiryRecipients: 'sales@example.ae, events@example.ae', whatsapp: '+971557654321' });
    // The main office's own number is the field's default (issue 27: the form shows
    // it): saved as it is, it is stored as "nothing saved", and the button goes on following the office.
    const main = await testDb.contact.findFirstOrThrow({ orderBy: { id: 'asc' } });
    expect((await save({ whatsapp: main.whatsapp })).result).toEqual({ ok: true });
    expect((await settingsRow())?.whatsapp).toBe('');
  });

  it('the privacy notice: the default in each language, a saved text on the next request, the default again when emptied', async () => {
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
    expect(await settingsRow()).toMatchObject({
      privacyEn: 'We keep little.\r\n\r\nAsk us to delete it.',
      privacyAr: 'نحتفظ بالقليل.\r\n\r\nاطلب حذفه.',
    });
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
    // Too long: refused under its field, nothing changes.
    const tooLong = await save({ privacyEn: 'x'.repeat(10_001) });
    expect(tooLong.text).toContain('"fieldErrors":{"privacyEn":["tooLong"]}');
    expect(await settingsRow()).toMatchObject({ privacyEn: '', privacyAr: '' });
  });

  it('public page titles carry the company name, or the title suffix, in both languages', async () => {
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
    // The portfolio's file name follows the English name.
    const pdf = await fetch(`${BASE}/portfolio.pdf`, { method: 'HEAD' });
    expect(pdf.headers.get('content-disposition')).toBe('inline; filename="acme-events-portfolio.pdf"');

    const suffixed = await save({ titleSuffixEn: 'Acme Dubai', titleSuffixAr: 'أكمي دبي' });
    expect(suffixed.result).toEqual({ ok: true });
    expect(titleOf(await page('/Services'))).toBe('Our Services | Acme Dubai');
    expect(titleOf(await page('/ar/TheTeam'))).toBe('فريق العمل | أكمي دبي');
  });

  it('the social preview image is cut to 1200x630 and named in og:image', async () => {
    const res = await save({ socialImage: await imageFile('share.jpg', 'jpeg', 300) });
    expect(res.result).toEqual({ ok: true });
    const row = (await settingsRow())!;
    expect(row.socialImage).toMatch(/\.jpg$/);
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
