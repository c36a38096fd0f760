import { readFileSync } from 'node:fs';
import path from 'node:path';
import type demoContent from '../../lib/db/demo/content.json';
import { expect, test, LOCALES, localePath, messages, type Locale } from './support';

// Offices and WhatsApp (issue 19), as a visitor sees them out of the box (the seeded Dubai office),
// in both languages on a phone and a desktop: the office card (name, address, opening hours,
// directions, WhatsApp), the floating WhatsApp button beside the mail button (exact link, new tab,
// its name, overlapping neither the mail button nor the footer's line), and one LocalBusiness in
// the page's structured data with the office's exact values.

// The seed's data (read as a file: Playwright's loader takes no JSON import without an attribute).
const demo = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../lib/db/demo/content.json'), 'utf8')) as typeof demoContent;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const office = (locale: Locale) => ({
  name: locale === 'ar' ? demo.contact.officeNameAr : demo.contact.officeNameEn,
  address: locale === 'ar' ? demo.contact.addressAr : demo.contact.addressEn,
  hours: locale === 'ar' ? demo.contact.hoursAr : demo.contact.hoursEn,
});
const chatLink = (locale: Locale) => {
  const m = messages(locale);
  // The seeded number, +971 50 123 4567, as wa.me wants it: digits only.
  return `https://wa.me/971501234567?text=${encodeURIComponent(m.whatsapp.message.replace('{company}', m.meta.siteName))}`;
};

for (const locale of LOCALES) {
  for (const width of [375, 1280]) {
    test(`${locale} at ${width}px: the office card, its directions and WhatsApp links`, async ({ page }) => {
      const t = messages(locale).contact;
      const expected = office(locale);
      await page.setViewportSize({ width, height: 800 });
      await page.goto(localePath(locale, '/ContactUs'));
      const card = page.getByTestId('office').first();
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(expected.name);
      // Line breaks as typed (two lines each), in the page's language.
      expect(await card.getByTestId('office-address').innerText()).toBe(expected.address);
      expect(await card.getByTestId('office-hours').innerText()).toBe(expected.hours);
      await expect(card.getByText(t.office.address, { exact: true })).toBeVisible();
      await expect(card.getByText(t.office.hours, { exact: true })).toBeVisible();

      const directions = card.getByTestId('office-directions');
      await expect(directions).toHaveAttribute('href', 'https://www.google.com/maps/dir/?api=1&destination=25.1298%2C55.2285');
      await expect(directions).toHaveAttribute('target', '_blank');
      await expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(directions).toHaveAccessibleName(t.office.directionsLabel.replace('{office}', expected.name));
      await expect(directions).toHaveText(t.office.directions);

      const whatsapp = card.getByTestId('office-whatsapp');
      await expect(whatsapp).toHaveAttribute('href', chatLink(locale));
      await expect(whatsapp).toHaveAttribute('target', '_blank');
      await expect(whatsapp).toHaveAccessibleName(t.office.whatsappLink.replace('{number}', '+971 50 123 4567'));
      // The number reads left to right in Arabic too.
      expect(await whatsapp.locator('span').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');

      // Nothing in the card is wider than the screen.
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The office's own map, searching its location, with the map site's link under it.
      const map = page.getByTestId('office-map').first();
      await expect(map.getByRole('heading', { level: 3 })).toHaveText(expected.name);
      await map.getByTestId('map').scrollIntoViewIfNeeded();
      await expect(map.locator('iframe')).toHaveAttribute('src', 'https://www.google.com/maps?q=25.1298%2C55.2285&output=embed');
      await expect(map.locator('iframe')).toHaveAttribute('title', t.office.mapFrameTitle.replace('{office}', expected.name));
      await expect(map.getByTestId('map-link')).toHaveAttribute('href', 'https://www.google.com/maps?q=25.1298%2C55.2285');

      if (locale === 'ar' && width === 375) {
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: test.info().outputPath('office-card-ar-375.png') });
      }
    });

    test(`${locale} at ${width}px: the WhatsApp button beside the mail button, over neither it nor the footer`, async ({ page }) => {
      const m = messages(locale);
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/AboutUs', '/ContactUs']) {
        await page.goto(localePath(locale, path));
        const button = page.getByTestId('whatsapp-button');
        await expect(button).toHaveAttribute('href', chatLink(locale));
        await expect(button).toHaveAttribute('target', '_blank');
        await expect(button).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(button).toHaveAccessibleName(m.whatsapp.button);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const chat = (await button.boundingBox())!;
        const mail = (await page.getByRole('link', { name: m.nav.mailUs }).last().boundingBox())!;
        const line = await page
          .getByRole('contentinfo')
          .getByTestId('footer-rights')
          .evaluate((p) => {
            const range = document.createRange();
            range.selectNodeContents(p);
            const { x, y, width, height } = range.getBoundingClientRect();
            return { x, y, width, height };
          });
        expect(overlaps(chat, mail), `${path}: WhatsApp ${JSON.stringify(chat)} / mail ${JSON.stringify(mail)}`).toBe(false);
        expect(overlaps(chat, line), `${path}: WhatsApp ${JSON.stringify(chat)} / footer ${JSON.stringify(line)}`).toBe(false);
        // Beside it: the same row, on the start side of the mail button (left in English, right in Arabic).
        expect(chat.y).toBe(mail.y);
        if (locale === 'ar') expect(chat.x).toBeGreaterThan(mail.x + mail.width);
        else expect(chat.x + chat.width).toBeLessThan(mail.x);
        expect(chat.x).toBeGreaterThanOrEqual(0);
        expect(chat.x + chat.width).toBeLessThanOrEqual(width);
      }
    });
  }

  test(`${locale}: one LocalBusiness per office in the structured data, with the office's exact values`, async ({ page, request }) => {
    const m = messages(locale);
    const expected = office(locale);
    const id: number = (await (await request.get('/api/home')).json())[1][0].id;
    await page.goto(localePath(locale, '/ContactUs'));
    const url = await page.locator('link[rel=canonical]').getAttribute('href');
    expect(url).toMatch(new RegExp(`^https?://[^/]+${localePath(locale, '/ContactUs')}$`));
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b));
    expect(blocks.filter((b) => b['@type'] === 'LocalBusiness')).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        '@id': `${url}#office-${id}`,
        name: `${m.meta.siteName} – ${expected.name}`,
        url,
        telephone: demo.contact.phone,
        email: demo.contact.email,
        address: { '@type': 'PostalAddress', streetAddress: expected.address.replace('\n', ', '), addressCountry: 'AE' },
        openingHours: expected.hours.split('\n'),
        geo: { '@type': 'GeoCoordinates', latitude: 25.1298, longitude: 55.2285 },
      },
    ]);
  });
}
