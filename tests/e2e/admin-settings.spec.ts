import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { testDb } from '../helpers/db';
import { messages } from './support';
import { signedIn } from './sign-in';

// Issue 19, point 6, as staff use it: an Admin saves the site settings in the back office and the
// public site shows them on the next request, in both languages; a file the server refuses is
// named under its field. Runs in the "admin" project (after the public specs, one at a time): the
// brand is shared state. The settings go back to the seed's (empty) at the end.
test.describe.configure({ mode: 'default' });

const LOGO = path.resolve(import.meta.dirname, '../../public/brand/logo.png');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% e2e\nxref\n0 3\n0000000000 65535 f \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n100\n%%EOF\n',
);
const en = messages('en').admin.settings;
const ar = messages('ar').admin.settings;

let admin: Page | undefined;

test.afterAll(async () => {
  // Back to the demo brand through the same form: every field emptied, every file removed.
  if (admin) {
    // (In Arabic: the second test left the site remembering Arabic for this browser.)
    await admin.goto('/ar/Admin/Settings');
    const form = admin.getByTestId('settings-form');
    for (const field of await form.locator('input[type=text], input[type=tel], textarea').all()) await field.fill('');
    for (const box of await form.locator('input[type=checkbox]').all()) await box.check();
    await form.getByTestId('submit').click();
    await expect(admin.getByText(ar.saved)).toBeVisible();
    expect(await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
      logo: null,
      portfolio: null,
      aboutImage: null,
      taglineEn: '',
    });
  }
  await testDb.siteSettings.deleteMany({});
  await testDb.$disconnect();
});

test('Settings show what is live: the demo texts and pictures in their fields, marked Default; a save keeps them defaults; the About picture is a setting', async ({
  browser,
}) => {
  // Two saves, two sign-ins' worth of pages and the public pages: more than the default minute on a busy machine.
  test.slow();
  const page = (await signedIn(browser)).page;
  const m = messages('en');
  await page.goto('/Admin/Settings');
  const form = page.getByTestId('settings-form');
  // Nothing saved: each field holds what the site shows, marked as the default.
  await expect(form.getByLabel(en.fields.taglineEn)).toHaveValue(m.home.tagline);
  await expect(form.getByLabel(en.fields.taglineAr)).toHaveValue(messages('ar').home.tagline);
  await expect(form.getByLabel(en.fields.companyNameEn)).toHaveValue(m.meta.siteName);
  await expect(form.getByLabel(en.fields.aboutEn)).toHaveValue(`${m.about.p1}\n\n${m.about.p2}`);
  await expect(form.getByTestId('default-taglineEn')).toContainText(en.defaultText);
  await expect(form.getByLabel(en.fields.taglineEn)).toHaveAttribute('aria-describedby', 'field-taglineEn-default');
  // The pictures in force: the demo logo and About picture, marked as defaults, no "Remove" box.
  await expect(form.getByTestId('setting-logo').getByTestId('image-preview')).toHaveAttribute('src', '/brand/logo.png');
  await expect(form.getByTestId('default-logo')).toContainText(en.defaultImage);
  await expect(form.getByTestId('setting-aboutImage').getByTestId('image-preview')).toHaveAttribute('src', '/brand/about.jpg');
  await expect(form.getByTestId('clear-aboutImage')).toHaveCount(0);
  // The same tagline is the one the home page shows.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByTestId('hero-tagline')).toHaveText(m.home.tagline);
  await page.screenshot({ path: 'test-results/shots/offices-settings-en.png', fullPage: true });

  // Saved as shown, the defaults stay defaults (nothing stored), and a new About picture is live.
  await form.locator('input[name=aboutImage]').setInputFiles(LOGO);
  await form.getByTestId('submit').click();
  // An image to re-encode on a busy machine: longer than the default 10 s.
  await expect(page.getByText(en.saved)).toBeVisible({ timeout: 30_000 });
  const row = await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
  expect(row).toMatchObject({
    taglineEn: '',
    taglineAr: '',
    companyNameEn: '',
    aboutEn: '',
    titleSuffixEn: '',
    descriptionEn: '',
    whatsapp: '',
  });
  expect(row.aboutImage).toMatch(/\.png$/);
  await visitor.goto('/AboutUs');
  await expect(visitor.getByTestId('about-image').locator('img')).toHaveAttribute('src', new RegExp(`siteimges%2F${row.aboutImage}`));
  await page.reload();
  await expect(form.getByTestId('setting-aboutImage').getByTestId('image-preview')).toHaveAttribute('src', `/siteimges/${row.aboutImage}`);
  await expect(form.getByTestId('default-taglineEn')).toBeVisible();
  // Removed: the demo picture is back on the page.
  await form.getByTestId('clear-aboutImage').check();
  await form.getByTestId('submit').click();
  await expect(page.getByText(en.saved)).toBeVisible({ timeout: 30_000 });
  expect((await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).aboutImage).toBeNull();
  await visitor.goto('/AboutUs');
  await expect(visitor.getByTestId('about-image').locator('img')).toHaveAttribute('src', /brand%2Fabout\.jpg|\/brand\/about\.jpg/);
  await visitor.context().close();
  await page.context().close();
});

test('an Admin saves the logo, tagline, About text and portfolio; the public site shows them next request', async ({ browser }) => {
  admin = (await signedIn(browser)).page;
  await admin
    .getByRole('link', { name: messages('en').admin.menu.settings })
    .first()
    .click();
  await admin.waitForURL('**/Admin/Settings');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(en.title);

  const form = admin.getByTestId('settings-form');
  await form.getByLabel(en.fields.taglineEn).fill('Light, sound and wonder');
  await form.getByLabel(en.fields.taglineAr).fill('ضوء وصوت ودهشة');
  await form.getByLabel(en.fields.aboutEn).fill('First paragraph from the back office.\n\nSecond paragraph.');
  await form.locator('input[name=logo]').setInputFiles(LOGO);
  await expect(form.getByTestId('image-file-name').first()).toHaveText('logo.png');
  await form.getByTestId('portfolio-input').setInputFiles({ name: 'company.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByTestId('submit').click();
  await expect(admin.getByText(en.saved)).toBeVisible();

  const row = await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
  expect(row).toMatchObject({ taglineEn: 'Light, sound and wonder', taglineAr: 'ضوء وصوت ودهشة' });
  expect(row.logo).toMatch(/\.png$/);
  expect(row.portfolio).toMatch(/\.pdf$/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.getByTestId('hero-tagline')).toHaveText('Light, sound and wonder');
  // The logo in the header, in its fixed box (36 px high whatever the file), and in the footer.
  const logo = visitor.locator('header [data-testid=site-logo]');
  await expect(logo).toHaveAttribute('src', new RegExp(`siteimges%2F${row.logo}`));
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect((await logo.boundingBox())!.height).toBe(36);
  await expect(visitor.locator('footer [data-testid=site-logo]')).toHaveCount(1);
  await visitor.goto('/AboutUs');
  await expect(visitor.getByTestId('about-paragraph')).toHaveText(['First paragraph from the back office.', 'Second paragraph.']);
  // Last: opening an Arabic page makes the site remember Arabic for this visitor.
  await visitor.goto('/ar');
  await expect(visitor.getByTestId('hero-tagline')).toHaveText('ضوء وصوت ودهشة');
  const pdf = await visitor.request.get((await visitor.getByTestId('portfolio-link').first().getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await pdf.body()).equals(PDF)).toBe(true);

  // The saved form shows what was stored, and the current files.
  await admin.reload();
  await expect(admin.getByLabel(en.fields.taglineEn)).toHaveValue('Light, sound and wonder');
  await expect(admin.getByTestId('clear-logo')).toBeVisible();
  await expect(admin.getByTestId('clear-portfolio')).toBeVisible();
});

test('in the Arabic back office, a portfolio that is not a PDF and a bad WhatsApp number are named under their fields', async () => {
  const page = admin!;
  await page.goto('/ar/Admin/Settings');
  const form = page.getByTestId('settings-form');
  const before = await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
  await form
    .getByTestId('portfolio-input')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  await form.getByLabel(ar.fields.whatsapp).fill('123');
  await form.getByTestId('submit').click();
  await expect(page.getByText(ar.saveFailed)).toBeVisible();
  await expect(page.locator('#field-portfolio-error')).toHaveText(ar.errors.pdfInvalid);
  await expect(page.locator('#field-whatsapp-error')).toHaveText(ar.errors.invalidWhatsapp);
  // Focus goes to the first field in error (the portfolio comes before WhatsApp).
  await expect(page.locator('#field-portfolio')).toBeFocused();
  expect(await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).toEqual(before);
});

test('without scripts the settings post too: a refusal named under its field with the text kept, then "Settings saved."', async ({
  browser,
}) => {
  const { page } = await signedIn(browser, { javaScriptEnabled: false });
  await page.goto('/Admin/Settings');
  const form = page.getByTestId('settings-form');
  await expect(form).toHaveAttribute('method', /^post$/i);
  const retention = form.locator('#field-activityRetentionDays');
  const before = await retention.inputValue();
  await retention.fill('5');
  await form.getByTestId('submit').click();
  await expect(page.getByTestId('settings-plain-notice')).toHaveText(en.saveFailed);
  await expect(page.locator('#field-activityRetentionDays-error')).toHaveText(en.errors.invalidRetention);
  await expect(page.locator('#field-activityRetentionDays')).toHaveValue('5');
  expect(new URL(page.url()).pathname).toBe('/Admin/Settings');

  // Sent again as it was: saved (nothing changes), and the page says so.
  await page.goto('/Admin/Settings');
  await page.locator('#field-activityRetentionDays').fill(before);
  await page.getByTestId('settings-form').getByTestId('submit').click();
  await page.waitForURL((u) => u.pathname === '/Admin/Settings' && u.searchParams.get('saved') === '1');
  await expect(page.getByTestId('settings-plain-notice')).toHaveText(en.saved);
  await page.context().close();
});
