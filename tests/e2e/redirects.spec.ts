import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { testDb } from '../helpers/db';
import { signedInAs } from './sign-in';
import { expect, localePath, test, translate } from './support';

// Issue 37 item 4 as staff use it: /Admin/Redirects in both languages, on a 375 px phone and a
// desktop, with and without scripts. A 404 the monitor counted, "Make a redirect" with its path
// filled in, saved, listed with its hits, served to a visitor; a loop refused under its field;
// changed to a 302; deleted through its confirmation. Serving on two instances and the monitor's
// bounds are tests/integration/redirects.test.ts.

const PHONE = { width: 375, height: 740 };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const made: string[] = [];

test.afterAll(async () => {
  await testDb.redirect.deleteMany({ where: { fromPath: { in: made } } });
  await testDb.notFoundPath.deleteMany({ where: { path: { in: made } } });
  await testDb.$disconnect();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const [locale, viewport] of [
  ['ar', PHONE],
  ['en', { width: 1280, height: 800 }],
] as const) {
  test(`a 404 made a redirect from the monitor, saved, listed and served; a loop refused; changed; deleted (${locale}, ${viewport.width} px)`, async ({
    browser,
    request,
  }) => {
    const t = translate(locale, 'admin');
    const tv = translate(locale, 'validation');
    const path = `/old-gallery-${stamp()}`;
    made.push(path);
    // What the monitor counted (its counting over HTTP is the integration tier's).
    await testDb.notFoundPath.create({ data: { path, hits: 1_000_000 } });
    const { context, page } = await signedInAs(browser, 'mini', locale, { viewport });
    await page.goto(localePath(locale, '/Admin'));
    // The menu names the screen (on a phone, behind the section switcher).
    if (viewport === PHONE) await page.locator('details summary').filter({ visible: true }).first().click();
    await page
      .getByRole('link', { name: t('menu.redirects') })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('redirects.title'));
    const missing = page.locator(`[data-testid="not-found-row"][data-path="${path}"]`);
    await expect(missing).toContainText(path);
    await expect(missing.getByTestId('not-found-hits')).toHaveText('1,000,000');
    expect(await overflow(page)).toBe(0);
    // Checked as the screen is first drawn (right after the click, the menu's highlight is still fading in).
    await page.reload();
    const serious = (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await missing.getByTestId('make-redirect').click();
    await expect(page.getByTestId('redirect-from')).toHaveValue(path);
    // Pointing it at itself: refused under the field, what was typed kept.
    await page.getByTestId('redirect-to').fill(path.toUpperCase());
    await page.getByTestId('redirect-save').click();
    await expect(page.locator('#redirect-to-error')).toHaveText(tv('redirectLoop'));
    await expect(page.getByTestId('redirect-from')).toHaveValue(path);
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('redirect-to').fill('/Services');
    await page.getByTestId('redirect-save').click();
    await expect(page.getByTestId('redirects-notice')).toHaveText(t('redirects.saved'));
    const row = page.locator(`[data-testid="redirect-row"][data-from="${path}"]`);
    await expect(row).toContainText('/Services');
    await expect(row).toContainText(t('redirects.permanent'));
    // Served (within a second: the integration tier's timing), and gone from the monitor.
    await expect(missing).toHaveCount(0);
    await expect
      .poll(async () => (await request.get(path, { maxRedirects: 0, headers: { 'User-Agent': BROWSER } })).headers().location, {
        timeout: 3_000,
      })
      .toBe('/Services');
    // The hit, counted by the server and written within a second, on the screen when it is read again.
    await expect
      .poll(
        async () => {
          await page.reload();
          return row.getByTestId('redirect-hits').textContent();
        },
        { timeout: 5_000 },
      )
      .not.toBe('0');

    await row.getByTestId('redirect-edit').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('redirects.editTitle'));
    await page.getByTestId('redirect-status-302').check();
    await page.getByTestId('redirect-save').click();
    await expect(row).toContainText(t('redirects.temporary'));
    await row.getByTestId('redirect-edit').click();
    await expect(page.getByTestId('redirect-status-302')).toBeChecked();
    await page.getByTestId('redirect-delete').click();
    await expect(page).toHaveURL(/\?confirmDelete=1$/);
    await expect(page.getByTestId('delete-confirm')).toBeVisible();
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('delete-confirm').getByTestId('confirm-button').click();
    await expect(page.getByTestId('redirects-notice')).toHaveText(t('redirects.deleted'));
    await expect(row).toHaveCount(0);
    await context.close();
  });
}

test('without scripts, in Arabic on a phone: the form posts, a refusal is said under its field, then saved', async ({ browser }) => {
  const t = translate('ar', 'admin');
  const tv = translate('ar', 'validation');
  const path = `/brochure-${stamp()}`;
  made.push(path);
  const { context, page } = await signedInAs(browser, 'admin', 'ar', { viewport: PHONE, javaScriptEnabled: false });
  await page.goto(`${localePath('ar', '/Admin/Redirects/New')}?from=${encodeURIComponent(path)}`);
  await expect(page.getByTestId('redirect-from')).toHaveValue(path);
  await page.getByTestId('redirect-to').fill('//evil.example');
  await page.getByTestId('redirect-save').click();
  await expect(page.locator('#redirect-to-error')).toHaveText(tv('redirectToInvalid'));
  await expect(page.getByTestId('redirect-to')).toHaveValue('//evil.example');
  await page.getByTestId('redirect-to').fill('/ar/Services');
  await page.getByTestId('redirect-save').click();
  await expect(page.getByTestId('redirects-notice')).toHaveText(t('redirects.saved'));
  await expect(page.locator(`[data-testid="redirect-row"][data-from="${path}"]`)).toContainText('/ar/Services');
  expect(await overflow(page)).toBe(0);
  await context.close();
});
