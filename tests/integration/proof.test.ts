import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { formCall, invoke, itemCall, sessionCookie } from '../helpers/actions';
import { BASE, imageFile, unique } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { pdfBytes, pdfFile, settingsForm } from '../helpers/site-settings-fixtures';
import { TESTIMONIALS_SHOWN } from '@/lib/content/testimonials';
import { dubaiIsoDay } from '@/lib/i18n/dates';

// Issue 37 item 2 over HTTP, the pages as sent (no script runs): a client's words on Home, on the
// project they name and on the services they name; certifications and awards on Home and About
// until their last day, an expired one gone, the certificate served as a PDF; the showreel on Home
// as a poster and a link to the video's page, nothing of the provider's in the page. In both
// languages, on the next request after a save (the kept pages are purged by the write). What this
// file makes it deletes through the same write path; the settings go back as they were.

let cookie = '';
let hadSettings = true;
const made: { area: string; id: number }[] = [];

beforeAll(async () => {
  cookie = await sessionCookie((await makeUser('admin')).email);
  hadSettings = (await testDb.siteSettings.count()) > 0;
});
afterAll(async () => {
  for (const { area, id } of made.reverse()) expect((await invoke('deleteItem', itemCall(area, id), cookie)).result).toEqual({ ok: true });
  expect((await saveSettings({ showreelUrl: '', clear_showreelPoster: '1' })).result).toEqual({ ok: true });
  if (!hadSettings) await testDb.siteSettings.deleteMany({});
  await testDb.$disconnect();
});

const saveSettings = (fields: Record<string, string | File>) =>
  invoke('saveSettings', formCall({}, settingsForm(fields)), cookie, '/Admin/Settings');

async function create(area: string, fields: Record<string, string | File>, find: () => Promise<{ id: number } | null>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  expect((await invoke('saveItem', itemCall(area, null, form), cookie)).result).toEqual({ ok: true });
  const row = await find();
  made.push({ area, id: row!.id });
  return row!.id;
}

async function page(path: string) {
  const res = await fetch(`${BASE}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The text of each element marked `testid` in a page's HTML (tags dropped, entities read). */
const marked = (html: string, testid: string) =>
  [...html.matchAll(new RegExp(`data-testid="${testid}"[^>]*>([\\s\\S]*?)</(?:figure|li|section)>`, 'g'))].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ')
      .trim(),
  );

describe('proof on the public pages', () => {
  it("a client's words on Home, on their project and on their services, in each language, as text", async () => {
    const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const project = await testDb.event.findFirstOrThrow({ where: { published: true }, orderBy: { id: 'asc' } });
    const service = await testDb.service.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const quote = unique('Flawless on the night, every cue on time.');
    await create(
      'testimonials',
      {
        quoteEn: quote,
        quoteAr: `${quote} بالعربية`,
        personEn: 'Mariam Al Falasi',
        personAr: 'مريم الفلاسي',
        roleEn: 'Head of Brand',
        clientId: String(client.id),
        projectSlug: project.slug,
        serviceIds: String(service.id),
      },
      () => testDb.testimonial.findFirst({ where: { quoteEn: quote } }),
    );
    for (const [prefix, words, person] of [
      ['', quote, 'Mariam Al Falasi'],
      ['/ar', `${quote} بالعربية`, 'مريم الفلاسي'],
    ] as const) {
      for (const path of [`${prefix}/`, `${prefix}/Projects/${project.slug}`, `${prefix}/Services/${service.slug}`]) {
        const html = await page(path);
        const cards = marked(html, 'testimonial');
        const card = cards.find((text) => text.includes(words));
        expect(card, path).toBeDefined();
        expect(card, path).toContain(person);
        expect(html, path).toContain(`>${(prefix ? ar : en).proof.testimonialsHeading}</h2>`);
        // At most so many a page, whatever the table holds.
        expect(cards.length, path).toBeLessThanOrEqual(TESTIMONIALS_SHOWN);
      }
    }
    // On Home it leads to its project; on the project's own page it does not link back.
    const projectLinks = (html: string) => html.match(/<a [^>]*data-testid="testimonial-project"[^>]*>/g) ?? [];
    expect(projectLinks(await page('/')).some((tag) => tag.includes(`href="/Projects/${project.slug}"`))).toBe(true);
    expect(projectLinks(await page(`/Projects/${project.slug}`))).toEqual([]);
  });

  it('a valid certification on Home and About with its certificate, an expired one on neither; the PDF is served as a PDF', async () => {
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const valid = unique('ISO 9001');
    const expired = unique('Expired award');
    const logo = async () => imageFile('seal.png', 'png');
    await create(
      'certifications',
      {
        nameEn: valid,
        nameAr: `${valid} ع`,
        issuerEn: 'Gulf Quality',
        issuerAr: 'الخليج للجودة',
        expiresOn: dubaiIsoDay(new Date()),
        image: await logo(),
        pdf: pdfFile(pdfBytes('iso')),
      },
      () => testDb.certification.findFirst({ where: { nameEn: valid } }),
    );
    await create(
      'certifications',
      { nameEn: expired, nameAr: `${expired} ع`, issuerEn: 'Awards', expiresOn: dubaiIsoDay(yesterday), image: await logo() },
      () => testDb.certification.findFirst({ where: { nameEn: expired } }),
    );
    for (const path of ['/', '/AboutUs', '/ar', '/ar/AboutUs']) {
      const text = marked(await page(path), 'certification').join(' | ');
      expect(text, path).toContain(path.startsWith('/ar') ? `${valid} ع` : valid);
      expect(text, path).toContain(path.startsWith('/ar') ? 'الخليج للجودة' : 'Gulf Quality');
      expect(text, path).not.toContain(expired);
    }
    const row = await testDb.certification.findFirstOrThrow({ where: { nameEn: valid } });
    const about = await page('/ar/AboutUs');
    expect(about).toContain(`href="/certimges/${row.pdf}"`);
    const pdf = await fetch(`${BASE}/certimges/${row.pdf}`);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.headers.get('content-disposition')]).toEqual([
      200,
      'application/pdf',
      'inline',
    ]);
    expect(pdf.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await pdf.arrayBuffer()).equals(pdfBytes('iso'))).toBe(true);
  });

  it("the showreel: a poster and a link to the video's page, nothing of the provider's before play; a saved one on the next request", async () => {
    const poster = await imageFile('poster.jpg');
    expect((await saveSettings({ showreelUrl: 'https://youtu.be/dQw4w9WgXcQ', showreelPoster: poster })).result).toEqual({ ok: true });
    const row = await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    for (const path of ['/', '/ar']) {
      const html = await page(path);
      const section = /<section[^>]*data-testid="showreel"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
      expect(section, path).toContain(`>${(path === '/' ? en : ar).proof.showreelHeading}</h2>`);
      expect(section, path).toContain('href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
      expect(section, path).toContain(encodeURIComponent(`/siteimges/${row.showreelPoster}`));
      // Nothing a browser would fetch from the provider: no frame, no thumbnail, no script, no
      // preload (the player's address is only a string the script holds for the click).
      expect(html, path).not.toContain('<iframe');
      expect(html, path).not.toMatch(/(src|href|srcSet|imageSrcSet)="[^"]*(youtube-nocookie|player\.vimeo|ytimg|vimeocdn|googlevideo)/i);
    }
  });
});
