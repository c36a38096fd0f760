import type { Browser, Page } from '@playwright/test';
import { MIN_FILL_MS } from '../../lib/inquiries/constants';
import { expect, LOCALES, localePath, messages, test, TEMP_PREFIX, type Locale } from './support';
import { testDb } from '../helpers/db';
import { signedIn } from './sign-in';

// Issue 27, Leads: the quote form's consent line, on a 375 px phone in both languages. The line
// names the company and links to the privacy notice (a new tab); a request without the box ticked
// is refused with the message under the box (with scripts and without), nothing stored; ticked,
// it is stored with the time of consent. /ar/Privacy reads right to left; Settings shows the
// notice in force. In the 'admin' project: it adds inquiries, which quote-requests.spec counts.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const RUN = `${TEMP_PREFIX}-consent-${process.pid}-${Date.now()}`;
const FILL_MS = MIN_FILL_MS + 200; // a post without scripts waits the form's minimum fill time itself

test.afterAll(async () => {
  await testDb.inquiry.deleteMany({ where: { name: { startsWith: RUN } } });
  await testDb.$disconnect();
});

let address = 0;
async function phone(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    // Each its own client address: the quote rate limit counts per address.
    extraHTTPHeaders: { 'X-Forwarded-For': `10.249.${process.pid % 250}.${++address}` },
  });
  return { context, page: await context.newPage() };
}

/** The company's name on the pages of a language: the settings' (either language's), else the demo's. */
async function companyName(locale: Locale): Promise<string> {
  const row = await testDb.siteSettings.findUnique({ where: { id: 1 } });
  const [own, other] = locale === 'ar' ? [row?.companyNameAr, row?.companyNameEn] : [row?.companyNameEn, row?.companyNameAr];
  return own?.trim() || other?.trim() || messages(locale).meta.siteName;
}

/** Every required field but the consent box. */
async function fillRequired(page: Page, locale: Locale, name: string) {
  const form = page.getByTestId('quote-form');
  await form.getByLabel(messages(locale).quote.fields.name, { exact: true }).fill(name);
  await form.locator('#quote-phone').fill('+971 50 222 3344');
  await form.locator('#quote-eventType').selectOption('corporate');
  await form.locator('#quote-city').selectOption('abu-dhabi');
}

for (const locale of LOCALES) {
  const q = messages(locale).quote;
  const at = (p: string) => localePath(locale, p);

  test(`the consent line, its privacy link, a refusal under the box and a request stored with its consent time (${locale})`, async ({
    browser,
  }) => {
    const { context, page } = await phone(browser);
    await page.goto(`${at('/ContactUs')}#quote`);
    const form = page.getByTestId('quote-form');
    const box = form.locator('#quote-consent');
    await box.scrollIntoViewIfNeeded();
    // The line names the company; the link opens the notice of the page's language in a new tab.
    await expect(form.locator('label[for="quote-consent"]')).toHaveText(q.consent.replace('{company}', await companyName(locale)));
    await expect(form.locator('label[for="quote-consent"]')).toBeVisible();
    await expect(box).not.toBeChecked();
    const link = form.getByTestId('quote-privacy-link');
    await expect(link).toBeVisible();
    await expect(link).toHaveText(q.privacyLink);
    await expect(link).toHaveAttribute('href', at('/Privacy'));
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAccessibleName(q.privacyLinkNewTab);
    const [notice] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await notice.waitForLoadState();
    expect(new URL(notice.url()).pathname).toBe(at('/Privacy'));
    await expect(notice.getByRole('heading', { level: 1 })).toHaveText(messages(locale).meta.privacy.title);
    await notice.close();

    // Everything else filled, the box left empty: its message under it, focus on it, nothing stored.
    const name = `${RUN}-js-${locale}`;
    await form.getByLabel(q.fields.name, { exact: true }).focus();
    await fillRequired(page, locale, name);
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-error-consent')).toHaveText(q.errors.consentRequired);
    await expect(page.getByTestId('quote-error-consent')).toBeVisible();
    await expect(page.getByTestId('quote-alert')).toHaveText(q.refused.invalid);
    await expect(box).toBeFocused();
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAttribute('aria-describedby', 'quote-consent-error');
    // The message sits right under the box's line.
    const boxArea = (await box.boundingBox())!;
    const errorArea = (await page.getByTestId('quote-error-consent').boundingBox())!;
    expect(errorArea.y).toBeGreaterThan(boxArea.y);
    expect(errorArea.y - (boxArea.y + boxArea.height)).toBeLessThan(60);
    if (locale === 'ar') await page.screenshot({ path: 'test-results/shots/consent-ar-375.png' });
    for (const other of ['name', 'phone', 'email', 'eventType', 'city'])
      await expect(page.getByTestId(`quote-error-${other}`)).toHaveCount(0);
    expect(await testDb.inquiry.count({ where: { name } })).toBe(0);

    // Ticked: the message goes, the request is stored with the time of consent.
    await box.check();
    await expect(page.getByTestId('quote-error-consent')).toHaveCount(0);
    await page.getByTestId('quote-submit').click(); // the form waits out the fill time itself
    await expect(page.getByTestId('quote-thanks')).toContainText(q.thanks.title);
    const row = await testDb.inquiry.findFirstOrThrow({ where: { name } });
    expect(row.consentedAt).not.toBeNull();
    expect(Date.now() - row.consentedAt!.getTime()).toBeLessThan(60_000);
    await context.close();
  });

  test(`without scripts: refused under the box, then confirmed and stored with the box still ticked (${locale})`, async ({ browser }) => {
    const { context, page } = await phone(browser, false);
    await page.goto(at('/ContactUs'));
    const name = `${RUN}-nojs-${locale}`;
    await fillRequired(page, locale, name);
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-error-consent')).toHaveText(q.errors.consentRequired);
    await expect(page.locator('#quote-name')).toHaveValue(name);
    await expect(page.locator('#quote-consent')).not.toBeChecked();
    expect(await testDb.inquiry.count({ where: { name } })).toBe(0);

    // (That answer carried a fill-time token. A fresh load carries none, as the cached page does.)
    // Ticked: the first complete post asks to confirm and comes back with the box still ticked;
    // the second is stored.
    await page.goto(at('/ContactUs'));
    await fillRequired(page, locale, name);
    await page.locator('#quote-consent').check();
    await page.getByTestId('quote-submit').click();
    await expect(page.getByTestId('quote-alert')).toHaveText(q.refused.confirm);
    await expect(page.getByTestId('quote-error-consent')).toHaveCount(0);
    await expect(page.locator('#quote-consent')).toBeChecked();
    expect(await testDb.inquiry.count({ where: { name } })).toBe(0);
    await page.waitForTimeout(FILL_MS);
    await page.getByTestId('quote-submit').click();
    await page.waitForURL((u) => u.pathname === at('/ContactUs/Thanks'));
    const row = await testDb.inquiry.findFirstOrThrow({ where: { name } });
    expect(Date.now() - row.consentedAt!.getTime()).toBeLessThan(60_000);
    await context.close();
  });
}

test('the privacy notice: /ar/Privacy in Arabic right to left, /Privacy in English, each with its title and six paragraphs', async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  for (const locale of LOCALES) {
    const m = messages(locale);
    const response = await page.goto(localePath(locale, '/Privacy'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page).toHaveTitle(`${m.meta.privacy.title} | ${await companyName(locale)}`);
    const notice = page.getByTestId('privacy-notice');
    await expect(notice.getByRole('heading', { level: 1 })).toHaveText(m.meta.privacy.title);
    const paragraphs = notice.getByTestId('privacy-paragraph');
    await expect(paragraphs).toHaveCount(6);
    await expect(paragraphs.first()).toHaveText(m.privacy.defaultNotice.p1.replace('{company}', await companyName(locale)));
    // Right to left in Arabic.
    const direction = await paragraphs.first().evaluate((p) => getComputedStyle(p).direction);
    expect(direction).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    // Linked from the footer's pages.
    await expect(page.getByTestId('footer-pages').getByRole('link', { name: m.nav.privacy })).toHaveAttribute(
      'href',
      localePath(locale, '/Privacy'),
    );
    if (locale === 'ar') {
      const box = (await paragraphs.first().boundingBox())!;
      // The paragraph's first letter sits at its right edge (within a pixel or two).
      const right = await paragraphs.first().evaluate((p) => {
        const r = document.createRange();
        r.setStart(p.firstChild!, 0);
        r.setEnd(p.firstChild!, 1);
        return r.getBoundingClientRect().right;
      });
      expect(Math.abs(right - (box.x + box.width))).toBeLessThan(3);
      await page.screenshot({ path: 'test-results/shots/privacy-ar-375.png', fullPage: true });
    }
  }
  await context.close();
});

test('Settings show the privacy notice in force in both languages, marked Default', async ({ browser }) => {
  const notices: Record<Locale, string> = { en: '', ar: '' };
  const visitor = await phone(browser);
  for (const locale of LOCALES) {
    await visitor.page.goto(localePath(locale, '/Privacy'));
    notices[locale] = (await visitor.page.getByTestId('privacy-paragraph').allTextContents()).join('\n\n');
  }
  await visitor.context.close();
  expect(notices.en).toContain(messages('en').privacy.defaultNotice.p1.replace('{company}', await companyName('en')));

  const { page } = await signedIn(browser, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const t = messages('en').admin.settings;
  await page.goto('/Admin/Settings');
  const form = page.getByTestId('settings-form');
  await expect(form.getByRole('group', { name: t.privacy })).toBeVisible();
  await expect(form.getByLabel(t.fields.privacyEn)).toHaveValue(notices.en);
  await expect(form.getByLabel(t.fields.privacyAr)).toHaveValue(notices.ar);
  await expect(form.getByLabel(t.fields.privacyAr)).toHaveAttribute('dir', 'rtl');
  await expect(form.getByTestId('default-privacyEn')).toContainText(t.defaultText);
  await expect(form.getByTestId('default-privacyAr')).toContainText(t.defaultText);
  await expect(form.getByText(t.hints.privacyEn).first()).toBeVisible();

  // The lead sent with scripts above shows when its consent was given, in UAE time.
  const lead = await testDb.inquiry.findFirstOrThrow({ where: { name: `${RUN}-js-en` } });
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', dateStyle: 'medium', timeStyle: 'short' }).format(
    lead.consentedAt!,
  );
  await page.goto(`/Admin/Inquiry/${lead.id}`);
  await expect(page.getByTestId('inquiry-consent')).toHaveText(
    // The time as English writes it, in the line's own direction (issue 35: no isolate forced around a date).
    messages('en').admin.inquiries.consentGiven.replace('<when></when>', time),
  );
  await page.context().close();
});
