import AxeBuilder from '@axe-core/playwright';
import { expect, LOCALES, localePath, messages, test, waitForHydration, waitForOverlays } from './support';
import { testDb } from '../helpers/db';

// Issue 37: a buyer opens a service from /Services, reads its page, and "Request a quote" opens the
// form on that page with the service ticked: with scripts and without, in both languages, on a
// 375 px phone and a desktop. The page's text, questions, head and data are
// tests/integration/service-pages.test.ts.

const SLUG = 'led-screens';

test.afterAll(async () => {
  await testDb.$disconnect();
});

for (const locale of LOCALES) {
  const t = messages(locale).services;
  for (const viewport of [
    { name: 'a 375 px phone', width: 375, height: 740 },
    { name: 'a desktop', width: 1280, height: 800 },
  ]) {
    test(`from /Services to the LED Screens page and its quote form, the service ticked (${locale}, ${viewport.name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const service = await testDb.service.findUniqueOrThrow({ where: { slug: SLUG } });
      const title = locale === 'ar' ? service.titleAr : service.titleEn;
      await page.goto(localePath(locale, '/Services'));
      await page.getByTestId('service-link').filter({ hasText: title }).click();
      await page.waitForURL((u) => u.pathname === localePath(locale, `/Services/${SLUG}`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      const quote = page.getByTestId('service-quote');
      await waitForHydration(quote);
      await expect(quote).toHaveText(t.requestQuote);
      await quote.click();
      await page.waitForURL((u) => u.hash === '#quote');
      const form = page.getByTestId('quote-form');
      await expect(form).toBeInViewport();
      const boxes = form.locator('input[name="services"]');
      await expect(boxes.and(page.locator(':checked'))).toHaveCount(1);
      await expect(form.locator(`input[name="services"][value="${service.titleEn}"]`)).toBeChecked();
      await page.screenshot({ path: `test-results/service-page-${locale}-${viewport.width}.png`, fullPage: true });
    });
  }

  test(`without scripts: the page is whole, the questions open and close, the form comes with the service ticked (${locale})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    try {
      const service = await testDb.service.findUniqueOrThrow({ where: { slug: SLUG } });
      await page.goto(localePath(locale, `/Services/${SLUG}`));
      await expect(page.getByTestId('service-body').getByRole('heading', { level: 2 }).first()).toBeVisible();
      const questions = page.getByTestId('service-faq').locator('details');
      await expect(questions).toHaveCount(3);
      // The first is open; a tap opens the second (the browser's own disclosure).
      await expect(questions.nth(1)).not.toHaveAttribute('open', '');
      await questions.nth(1).locator('summary').click();
      await expect(questions.nth(1)).toHaveAttribute('open', '');
      await page.getByTestId('service-quote').click();
      await page.waitForURL((u) => u.hash === '#quote');
      await expect(page.getByTestId('quote-form')).toBeInViewport();
      await expect(page.locator(`input[name="services"][value="${service.titleEn}"]`)).toBeChecked();
      await expect(page.locator('input[name="services"]:checked')).toHaveCount(1);
    } finally {
      await context.close();
    }
  });

  test(`axe: the LED Screens page has no serious or critical violations (${locale})`, async ({ page }) => {
    await page.goto(localePath(locale, `/Services/${SLUG}`));
    await waitForHydration(page.getByTestId('theme-toggle'));
    await waitForOverlays(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(results.passes.length).toBeGreaterThan(10);
  });
}
