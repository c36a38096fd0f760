import type { Page } from '@playwright/test';
import { expect, localePath, messages, searchBox, test, waitForHydration, type Locale } from './support';
import { TIMINGS } from '../../lib/timings';

// The client-side spinners of spec §4 (the Home and Services overlays are in loading-overlay.spec):
// 1 s after a language switch, 2 s after typing in the search. The page's clock is Playwright's.

const loading = (page: Page, locale: Locale) => page.getByRole('status').filter({ hasText: messages(locale).common.loading });

async function open(page: Page, url: string) {
  await page.clock.install();
  await page.goto(url);
  await waitForHydration(page.getByTestId('language-toggle'));
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

// The public header and the sign-in screen's brand bar each have the toggle.
for (const pagePath of ['/AboutUs', '/LogIn']) {
  test(`${pagePath}: a language switch shows the spinner for ${TIMINGS.languageSpinnerMs} ms on the new page`, async ({ page }) => {
    await open(page, pagePath);
    await expect(loading(page, 'en')).toHaveCount(0);
    await page.getByTestId('language-toggle').click();
    await expect(page).toHaveURL((u) => u.pathname === localePath('ar', pagePath));
    await expect(loading(page, 'ar')).toBeVisible();
    await page.clock.runFor(TIMINGS.languageSpinnerMs - 200);
    await expect(loading(page, 'ar')).toBeVisible();
    await page.clock.runFor(400);
    await expect(loading(page, 'ar')).toHaveCount(0);
    // Once: a reload does not bring it back.
    await page.reload();
    await waitForHydration(page.getByTestId('language-toggle'));
    await expect(loading(page, 'ar')).toHaveCount(0);
  });
}

test(`typing in the search shows the spinner for ${TIMINGS.searchSpinnerMs} ms over the filtered list`, async ({ page }) => {
  await open(page, '/TheTeam');
  await waitForHydration(searchBox(page));
  await expect(loading(page, 'en')).toHaveCount(0);
  await searchBox(page).fill('a');
  await expect(loading(page, 'en')).toBeVisible();
  await page.clock.runFor(TIMINGS.searchSpinnerMs - 200);
  await expect(loading(page, 'en')).toBeVisible();
  await page.clock.runFor(400);
  await expect(loading(page, 'en')).toHaveCount(0);
});
