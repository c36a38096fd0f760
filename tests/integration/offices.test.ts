import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { BASE } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { EDITED_OFFICE, office, officeForm, type OfficeField } from '../helpers/offices-fixtures';

// Offices (issue 19), the pages: an office edited in the back office shows on the next request in
// both languages (card, map, JSON-LD, WhatsApp links, the floating button on every public page).
// It needs the real server: it reads the rendered pages' HTML, served from the page cache that the
// save must expire. The rest (the seeded office, the old client's /api/contact JSON, the refusals,
// the old client's update) is tests/inproc/offices.test.ts. The seeded contact is put back as it
// was at the end (the database is shared with the files after this one).

let cookie = '';
let id = 0;
let original: Record<OfficeField, string>;

const save = (values: Partial<Record<string, string>>) => invoke('saveItem', itemCall('contacts', id, officeForm(values)), cookie);
const page = async (path: string) => {
  const res = await fetch(`${BASE}${path}`);
  expect(res.status).toBe(200);
  return res.text();
};
/** Text and attribute values as React writes them into the page. */
const esc = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
const wa = (digits: string, message: string) => `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;

beforeAll(async () => {
  cookie = await sessionCookie((await makeUser('admin')).email);
  const first = await testDb.contact.findFirstOrThrow({ orderBy: { id: 'asc' } });
  id = first.id;
  original = office(first);
});
afterAll(async () => {
  if (id) expect((await save(original)).result).toEqual({ ok: true });
  await testDb.$disconnect();
});

describe('offices', () => {
  it('an office edited through the back office shows on the next request, in both languages: the pages (card, map, JSON-LD, WhatsApp links)', async () => {
    // Line breaks as a form sends them (CR LF); the page shows them as line breaks.
    const edited = EDITED_OFFICE;
    // Office fields alone: the contact's other fields are kept (partial update).
    expect((await save(edited)).result).toEqual({ ok: true });
    expect(office(await testDb.contact.findUniqueOrThrow({ where: { id } }))).toEqual(edited);

    const directions = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(edited.mapLocation)}`;
    const mapSite = 'https://www.google.com/maps?q=Al+Maryah+Island%2C+Abu+Dhabi';
    for (const [locale, path, m, name, address, hours] of [
      ['en', '/ContactUs', en, edited.officeNameEn, edited.addressEn, edited.hoursEn],
      ['ar', '/ar/ContactUs', ar, edited.officeNameAr, edited.addressAr, edited.hoursAr],
    ] as const) {
      const html = await page(path);
      expect(html, locale).toContain(`data-testid="office-name">${name}</h2>`);
      // (A browser's HTML parser reads CR LF as one line break.)
      expect(html, locale).toContain(`<span>${esc(address)}</span>`);
      expect(html, locale).toContain(`<span>${esc(hours)}</span>`);
      expect(html, locale).toContain(`href="${esc(directions)}"`);
      expect(html, locale).toContain(`href="${esc(mapSite)}"`);
      const chat = wa('971557654321', m.whatsapp.message.replace('{company}', m.meta.siteName));
      // The card's link and the floating button (no number in the settings: the first office's).
      expect(html.split(`href="${esc(chat)}"`).length - 1, `${locale}: two WhatsApp links`).toBe(2);
      const business = jsonLd(html).filter((d) => d['@type'] === 'LocalBusiness');
      expect(business, locale).toEqual([
        {
          '@context': 'https://schema.org',
          '@type': 'LocalBusiness',
          '@id': expect.stringMatching(new RegExp(`^https?://[^/]+${path}#office-${id}$`)),
          name: `${m.meta.siteName} – ${name}`,
          url: expect.stringMatching(new RegExp(`^https?://[^/]+${path}$`)),
          telephone: (await testDb.contact.findUniqueOrThrow({ where: { id } })).phone,
          email: (await testDb.contact.findUniqueOrThrow({ where: { id } })).email,
          address: { '@type': 'PostalAddress', streetAddress: address.replace('\r\n', ', '), addressCountry: 'AE' },
          openingHours: hours.split('\r\n'),
        },
      ]);
    }
    // The floating button on every public page follows too.
    expect(await page('/AboutUs')).toContain(
      `href="${esc(wa('971557654321', en.whatsapp.message.replace('{company}', en.meta.siteName)))}"`,
    );

    // Coordinates give the LocalBusiness its geo, and the map and directions search them.
    expect((await save({ mapLocation: '24.5, 54.38' })).result).toEqual({ ok: true });
    const html = await page('/ContactUs');
    expect(jsonLd(html).find((d) => d['@type'] === 'LocalBusiness')?.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: 24.5,
      longitude: 54.38,
    });
    expect(html).toContain(`href="https://www.google.com/maps/dir/?api=1&amp;destination=24.5%2C%2054.38"`);

    // No WhatsApp number anywhere (settings empty, first office none): no button, no card link.
    expect((await save({ whatsapp: '' })).result).toEqual({ ok: true });
    for (const path of ['/ContactUs', '/ar/ContactUs', '/AboutUs']) {
      const body = await page(path);
      expect(body, path).not.toContain('https://wa.me/');
      expect(body, path).not.toContain('data-testid="whatsapp-button"');
    }
  });
});
