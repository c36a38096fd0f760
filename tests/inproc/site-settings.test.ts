import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { send } from '#test-transport';
import { BASE, imageFile } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { pdfBytes, pdfFile, settingsForm, settingsRow, stored } from '../helpers/site-settings-fixtures';
import { DEMO_PORTFOLIO_FILE } from '@/lib/settings/paths';
import { settingsDefaults } from '@/lib/settings/defaults';

// Issue 19, points 6 and 7, in-process: the site settings saved through the back office's action
// (who may, what is stored, what is refused under which field and that a refusal changes nothing
// and stores nothing, replaced files leaving the store), and the answers of the route handlers
// that serve them: /portfolio.pdf (bytes, headers, ETag, a download when it holds active content)
// and /icons/* (made from the logo). The pages that show the settings, the images at their
// rewritten /siteimges/ addresses, the server's own headers and the orphan sweeper are
// tests/integration/site-settings.test.ts. The database and uploads folder are this file's own:
// it starts from the seed's state (no settings row) and puts nothing back.

let admin = '';
let mini = '';

const save = (fields: Record<string, string | File>, cookie = admin) =>
  invoke('saveSettings', formCall({}, settingsForm(fields)), cookie, '/Admin/Settings');

/** A file's answer from the route handler that serves it (as `fetch`, on the in-process transport). */
const get = (pathname: string, init: RequestInit = {}) => send(new Request(`${BASE}${pathname}`, init));

beforeAll(async () => {
  admin = await sessionCookie((await makeUser('admin')).email);
  mini = await sessionCookie((await makeUser('mini')).email);
});

afterAll(() => testDb.$disconnect());

describe('site settings', () => {
  it('is refused to anonymous callers and Mini Admins, and nothing changes: the action', async () => {
    for (const [cookie, code] of [
      ['', 'unauthenticated'],
      [mini, 'forbidden'],
    ] as const) {
      const res = await save({ taglineEn: 'Hacked tagline', logo: await imageFile('logo.png', 'png') }, cookie);
      expect(res.result).toEqual({ ok: false, error: code });
    }
    expect(await settingsRow()).toBeNull();
    expect(stored()).toEqual([]);
  });

  it('logo, About text, hero tagline and portfolio show on the public site on the next request, in both languages: the save, the icons and the portfolio served', async () => {
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

    // The icons made from the logo (sharp: square PNGs).
    for (const [name, size] of [
      ['icon.png', 192],
      ['apple-icon.png', 180],
    ] as const) {
      const icon = await get(`/icons/${name}?v=${row.logo}`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/png');
      expect(icon.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await icon.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }

    // The portfolio: the uploaded bytes, with a PDF's headers, revalidated every time.
    const served = await get('/portfolio.pdf');
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="7stars-event-portfolio.pdf"');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, no-cache');
    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await get('/portfolio.pdf', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('replacing or removing files removes the old ones from the store: the store and the portfolio served', async () => {
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
    expect(Buffer.from(await (await get('/portfolio.pdf')).arrayBuffer()).equals(pdf)).toBe(true);

    // Back to the demo's logo and portfolio: the files go, the demo's portfolio is served again.
    const cleared = await save({ clear_logo: '1', clear_portfolio: '1' });
    expect(cleared.result).toEqual({ ok: true });
    expect(await settingsRow()).toMatchObject({ logo: null, portfolio: null });
    expect(stored()).toEqual([]);
    const demo = await get('/portfolio.pdf');
    expect(demo.status).toBe(200);
    expect(Buffer.from(await demo.arrayBuffer()).equals(readFileSync(DEMO_PORTFOLIO_FILE))).toBe(true);
  });

  it("a portfolio holding a script, an action or HTML is sent as a download, a plain one inline, always with its own policy: the route's answer", async () => {
    const cases: [string, Buffer, 'inline' | 'attachment'][] = [
      ['a plain PDF', pdfBytes('plain'), 'inline'],
      ['a script run on opening', pdfBytes('script', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> '), 'attachment'],
      ['document-level JavaScript', pdfBytes('names', '/Names << /JavaScript 3 0 R >> '), 'attachment'],
      ['an HTML/PDF polyglot', pdfBytes('<HTML><body><script>alert(document.domain)</script></body></HTML>'), 'attachment'],
    ];
    for (const [label, pdf, disposition] of cases) {
      const res = await save({ portfolio: pdfFile(pdf) });
      expect(res.result, label).toEqual({ ok: true });
      const served = await get('/portfolio.pdf');
      expect(served.status, label).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(pdf), label).toBe(true);
      expect(served.headers.get('content-disposition'), label).toBe(`${disposition}; filename="7stars-event-portfolio.pdf"`);
      expect(served.headers.get('content-security-policy'), label).toBe("default-src 'none'; sandbox");
      expect(served.headers.get('content-type'), label).toBe('application/pdf');
      expect(served.headers.get('x-content-type-options'), label).toBe('nosniff');
    }
    // The demo's again: it is a plain PDF, shown inline.
    expect((await save({ clear_portfolio: '1' })).result).toEqual({ ok: true });
    const demo = await get('/portfolio.pdf', { method: 'HEAD' });
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
      expect(res.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { portfolio: ['pdfInvalid'] } });
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
      expect(res.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { logo: ['imageInvalid'] } });
    }
    expect(await settingsRow()).toEqual(before);
    expect(stored()).toEqual([]);
  });

  it('recipients and the WhatsApp number are checked and stored normalised', async () => {
    const bad = await save({ inquiryRecipients: 'sales@example.ae, not-an-address', whatsapp: '12345' });
    expect(bad.result).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { inquiryRecipients: ['invalidRecipients'], whatsapp: ['invalidWhatsapp'] },
    });
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

  it('the privacy notice: the default in each language, a saved text on the next request, the default again when emptied: the saves', async () => {
    // Saved with the line breaks a form posts (CRLF): stored as sent.
    const res = await save({ privacyEn: 'We keep little.\r\n\r\nAsk us to delete it.', privacyAr: 'نحتفظ بالقليل.\r\n\r\nاطلب حذفه.' });
    expect(res.result).toEqual({ ok: true });
    expect(await settingsRow()).toMatchObject({
      privacyEn: 'We keep little.\r\n\r\nAsk us to delete it.',
      privacyAr: 'نحتفظ بالقليل.\r\n\r\nاطلب حذفه.',
    });

    // English emptied; then the Arabic one, sent back exactly as the form shows the default
    // (lib/settings/defaults.ts), is stored as "nothing saved".
    expect((await save({ privacyEn: '' })).result).toEqual({ ok: true });
    expect(await settingsRow()).toMatchObject({ privacyEn: '', privacyAr: 'نحتفظ بالقليل.\r\n\r\nاطلب حذفه.' });
    const arDefault = (await settingsDefaults({ companyNameEn: '', companyNameAr: '' })).privacyAr;
    expect((await save({ privacyAr: arDefault })).result).toEqual({ ok: true });
    expect(await settingsRow()).toMatchObject({ privacyEn: '', privacyAr: '' });
    // Too long: refused under its field, nothing changes.
    const tooLong = await save({ privacyEn: 'x'.repeat(10_001) });
    expect(tooLong.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { privacyEn: ['tooLong'] } });
    expect(await settingsRow()).toMatchObject({ privacyEn: '', privacyAr: '' });
  });

  it("public page titles carry the company name, or the title suffix, in both languages: the portfolio's file name", async () => {
    const res = await save({ companyNameEn: 'Acme Events', companyNameAr: 'أكمي للفعاليات', descriptionEn: 'Acme makes events.' });
    expect(res.result).toEqual({ ok: true });
    // The portfolio's file name follows the English name.
    const pdf = await get('/portfolio.pdf', { method: 'HEAD' });
    expect(pdf.headers.get('content-disposition')).toBe('inline; filename="acme-events-portfolio.pdf"');
  });

  it('the social preview image is cut to 1200x630 and named in og:image: the cut stored and served', async () => {
    const res = await save({ socialImage: await imageFile('share.jpg', 'jpeg', 300) });
    expect(res.result).toEqual({ ok: true });
    const row = (await settingsRow())!;
    expect(row.socialImage).toMatch(/\.jpg$/);
    // The media route the /siteimges/ address is rewritten to (next.config.ts).
    const image = await get(`/media/siteimges/${row.socialImage}`);
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });
});
