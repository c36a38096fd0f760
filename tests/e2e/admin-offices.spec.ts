import { expect, test } from '@playwright/test';
import { testDb } from '../helpers/db';
import { LOCALES, localePath, messages } from './support';
import { signedIn } from './sign-in';

// Several offices (issue 27, point 2): staff add a second office in the back office (Create is
// there with one office already), and on a 375 px phone, in both languages, Contact Us lists both,
// each with its own lazy map and directions link, and the footer shows the main office (the first
// card, marked "Main office" on its back-office card) with its phone, e-mail, address and social
// links and the site's pages. Runs in the
// "admin" project: a second office is shared state (the public office specs expect one). The
// office is deleted at the end.
test.describe.configure({ mode: 'default' });

const SECOND = {
  phone: '+971 2 555 0101',
  email: 'abudhabi@example.test',
  officeNameEn: 'Abu Dhabi Office',
  officeNameAr: 'مكتب أبوظبي',
  addressEn: 'Al Reem Island, Abu Dhabi',
  addressAr: 'جزيرة الريم، أبوظبي',
  mapLocation: '24.4969,54.4033',
};

let secondId: number | null = null;

test.afterAll(async ({ browser }) => {
  if (secondId !== null) {
    // Through the back office, so the public pages' copies go too.
    const admin = (await signedIn(browser)).page;
    await admin.goto('/Admin/Contacts');
    await admin.getByTestId('item-card').filter({ hasText: SECOND.email }).locator('button[data-testid=delete]').click();
    await admin.locator('[data-testid=confirm-dialog][open]').getByTestId('confirm-button').click();
    await expect.poll(() => testDb.contact.count({ where: { email: SECOND.email } })).toBe(0);
  }
  await testDb.$disconnect();
});

test('a second office: created in the back office, listed on Contact Us with its map and directions; the main one in the footer (375 px, en and ar)', async ({
  browser,
}) => {
  const t = messages('en').admin.areas.contacts;
  const admin = (await signedIn(browser)).page;
  await admin.goto('/Admin/Contacts');
  await expect(admin.getByTestId('item-card')).toHaveCount(await testDb.contact.count());
  await admin.getByTestId('create-link').click();
  await admin.waitForURL('**/Admin/CreateContact');
  await admin.getByLabel(t.fields.phone).fill(SECOND.phone);
  await admin.getByLabel(t.fields.email).fill(SECOND.email);
  await admin.getByLabel(t.fields.officeNameEn, { exact: true }).fill(SECOND.officeNameEn);
  await admin.getByLabel(t.fields.officeNameAr).fill(SECOND.officeNameAr);
  await admin.getByLabel(t.fields.addressEn, { exact: true }).fill(SECOND.addressEn);
  await admin.getByLabel(t.fields.addressAr).fill(SECOND.addressAr);
  await admin.getByLabel(t.fields.mapLocation).fill(SECOND.mapLocation);
  await admin.getByTestId('submit').click();
  await admin.locator('[data-testid=confirm-dialog][open]').getByTestId('confirm-button').click();
  await expect(admin.getByText(t.created)).toBeVisible();
  secondId = (await testDb.contact.findFirstOrThrow({ where: { email: SECOND.email } })).id;
  // Create is still there with two.
  await admin.waitForURL('**/Admin/Contacts');
  await expect(admin.getByTestId('create-link')).toBeVisible();

  const main = await testDb.contact.findFirstOrThrow({ orderBy: { id: 'asc' } });
  // The main office (the first card, lowest id) says so on its card, with what shows it; only it.
  for (const locale of LOCALES) {
    const c = messages(locale).admin.areas.contacts;
    await admin.goto(localePath(locale, '/Admin/Contacts'));
    const cards = admin.getByTestId('item-card');
    await expect(cards.first().getByTestId('item-title')).toHaveText(main.phone);
    await expect(cards.first().getByTestId('main-office-badge')).toHaveText(c.mainOffice);
    await expect(cards.first().getByTestId('main-office-hint')).toHaveText(c.mainOfficeHint);
    await expect(admin.getByTestId('main-office')).toHaveCount(1);
    await expect(cards.filter({ hasText: SECOND.email }).getByTestId('main-office')).toHaveCount(0);
    // Found alone by a search, the second office is still not the main one.
    await admin.goto(`${localePath(locale, '/Admin/Contacts')}?q=${encodeURIComponent(SECOND.email)}`);
    await expect(cards).toHaveCount(1);
    await expect(admin.getByTestId('main-office')).toHaveCount(0);
  }
  for (const locale of LOCALES) {
    const m = messages(locale);
    const visitor = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    await visitor.goto(localePath(locale, '/ContactUs'));
    const offices = visitor.getByTestId('office');
    await expect(offices).toHaveCount(2);
    const names = locale === 'ar' ? [main.officeNameAr, SECOND.officeNameAr] : [main.officeNameEn, SECOND.officeNameEn];
    await expect(offices.getByRole('heading', { level: 2 })).toHaveText(names);
    // Each office its own directions and its own map (lazy: a frame once scrolled to).
    const directions = [main.mapLocation, SECOND.mapLocation].map(
      (place) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(place)}`,
    );
    for (const [i, href] of directions.entries()) {
      await expect(offices.nth(i).getByTestId('office-directions')).toHaveAttribute('href', href);
      await expect(offices.nth(i).getByTestId('office-directions')).toHaveAccessibleName(
        m.contact.office.directionsLabel.replace('{office}', names[i]!),
      );
    }
    const maps = visitor.getByTestId('office-map');
    await expect(maps).toHaveCount(2);
    for (const [i, place] of [main.mapLocation, SECOND.mapLocation].entries()) {
      await expect(maps.nth(i).getByRole('heading', { level: 3 })).toHaveText(names[i]!);
      await maps.nth(i).getByTestId('map').scrollIntoViewIfNeeded();
      await expect(maps.nth(i).locator('iframe')).toHaveAttribute(
        'src',
        `https://www.google.com/maps?q=${encodeURIComponent(place)}&output=embed`,
      );
      await expect(maps.nth(i).locator('iframe')).toHaveAttribute('loading', 'lazy');
    }
    // No card wider than the phone.
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

    // The footer: the main office (the first card), not the new one, and the site's pages.
    const footer = visitor.getByTestId('site-footer');
    await expect(footer.getByTestId('footer-phone')).toHaveAttribute('href', `tel:${main.phone.replace(/[^+\d]/g, '')}`);
    await expect(footer.getByTestId('footer-phone')).toHaveText(main.phone);
    await expect(footer.getByTestId('footer-email')).toHaveAttribute('href', `mailto:${main.email}`);
    expect(await footer.getByTestId('footer-address').innerText()).toBe(
      (locale === 'ar' ? main.addressAr : main.addressEn).replace(/\r\n/g, '\n'),
    );
    await expect(footer).not.toContainText(SECOND.email);
    const social = footer.getByTestId('footer-social').getByRole('link');
    await expect(social).toHaveCount([main.linkedinUrl, main.instagramUrl, main.tiktokUrl, main.youtubeUrl].filter(Boolean).length);
    await expect(footer.getByTestId('footer-pages').getByRole('link')).toHaveText([
      m.nav.home,
      m.nav.projects,
      m.nav.services,
      m.nav.team,
      m.nav.about,
      m.nav.contact,
      m.nav.privacy,
    ]);
    await expect(footer.getByTestId('footer-pages').getByRole('link').last()).toHaveAttribute('href', localePath(locale, '/Privacy'));
    if (locale === 'ar') {
      await visitor.screenshot({ path: 'test-results/shots/offices-contact-ar-375.png', fullPage: true });
    }
    await visitor.context().close();
  }
});
