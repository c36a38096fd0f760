import type { Page } from '@playwright/test';
import { expect, LOCALES, localePath, messages, test, waitForHydration } from './support';
import { TIMINGS } from '../../lib/timings';

// The client logo carousel (spec §2, Home): one logo every 2 s, in the reading direction (right to
// left in English, left to right in Arabic), and only while it is on screen. The page's clock is
// Playwright's; the slide itself is a CSS transition, which runs on real time.

const carousel = (page: Page) => page.getByTestId('client-carousel');
const firstLogo = (page: Page) => carousel(page).locator('li').first();
const left = async (page: Page) => (await firstLogo(page).boundingBox())!.x;

for (const locale of LOCALES) {
  test(`${localePath(locale, '/')}: the logo carousel moves one logo every 2 s in the reading direction, only while on screen`, async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto(localePath(locale, '/'));
    await waitForHydration(carousel(page));
    // From here on the page's time only moves when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);

    // At load it sits below the full-screen hero, and waits there.
    await page.clock.runFor(3 * TIMINGS.clientCarouselMs);
    await expect(carousel(page)).toHaveAttribute('data-running', 'false');
    await expect(carousel(page)).toHaveAttribute('data-step', '0');

    await carousel(page).scrollIntoViewIfNeeded();
    await page.mouse.move(5, 5); // over the sticky header: hovering the carousel would pause it
    // The intersection observer reports on the next rendered frame, which no fake clock drives.
    await expect(carousel(page)).toHaveAttribute('data-running', 'true');
    const start = await left(page);
    const width = (await firstLogo(page).boundingBox())!.width;
    await page.clock.runFor(TIMINGS.clientCarouselMs - 200);
    await expect(carousel(page)).toHaveAttribute('data-step', '0');
    await page.clock.runFor(400);
    await expect(carousel(page)).toHaveAttribute('data-step', '1');
    // English moves the strip to the left, Arabic to the right, by exactly one logo.
    const expected = start + (locale === 'ar' ? width : -width);
    await expect.poll(async () => Math.abs((await left(page)) - expected), { timeout: 5_000 }).toBeLessThan(1);

    // Scrolled away again, it stops where it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(carousel(page)).toHaveAttribute('data-running', 'false');
    await page.clock.runFor(3 * TIMINGS.clientCarouselMs);
    await expect(carousel(page)).toHaveAttribute('data-step', '1');
  });
}

test('the pause button stops the logos for good, whatever the pointer does, and plays them again', async ({ page }) => {
  const home = messages('en').home;
  await page.clock.install();
  await page.goto('/');
  await waitForHydration(carousel(page));
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await carousel(page).scrollIntoViewIfNeeded();
  await page.mouse.move(5, 5);
  await expect(carousel(page)).toHaveAttribute('data-running', 'true');

  const button = page.getByTestId('carousel-pause');
  await expect(button).toHaveAccessibleName(home.pauseLogos);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAccessibleName(home.playLogos);
  // Focus leaves the button and the pointer stays away: it still does not move.
  await page.keyboard.press('Tab');
  await expect(carousel(page)).toHaveAttribute('data-running', 'false');
  const step = await carousel(page).getAttribute('data-step');
  await page.clock.runFor(3 * TIMINGS.clientCarouselMs);
  await expect(carousel(page)).toHaveAttribute('data-step', step!);

  await button.click();
  await page.mouse.move(5, 5);
  await expect(button).toHaveAccessibleName(home.pauseLogos);
  await expect(carousel(page)).toHaveAttribute('data-running', 'true');
  await page.clock.runFor(TIMINGS.clientCarouselMs + 100);
  await expect(carousel(page)).toHaveAttribute('data-step', String(Number(step) + 1));
});
