import type { Locator, Page } from '@playwright/test';
import { expect, test, messages, searchBox, waitForHydration, shown } from './support';

// Small screens (375 × 812): the side menu and the search box.

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const nav = messages('en').nav;

/**
 * The panel runs from the header's bottom edge to the screen's, and its links are really there to
 * tap: `toBeVisible` alone passed while a CSS filter on the header squeezed the panel into 32 px.
 */
async function expectFullHeight(page: Page, panel: Locator) {
  const header = (await page.locator('header').boundingBox())!;
  const box = (await panel.boundingBox())!;
  expect(Math.round(box.y)).toBe(Math.round(header.y + header.height));
  expect(Math.round(box.y + box.height)).toBe(page.viewportSize()!.height);
  for (const link of await panel.getByRole('link').all()) {
    const hit = await link.evaluate((a) => {
      const r = a.getBoundingClientRect();
      return a.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(hit, `${await link.innerText()} can be tapped`).toBe(true);
  }
}

async function openMenu(page: Page) {
  const button = page.getByTestId('menu-button');
  await waitForHydration(button);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  const panel = page.locator('#mobile-menu');
  await expect(panel).toBeVisible();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveAccessibleName(nav.closeMenu);
  await expectFullHeight(page, panel);
  return { button, panel };
}

test('the menu button opens the side menu; a link navigates and closes it', async ({ page }) => {
  await page.goto('/');
  const panel = page.locator('#mobile-menu');
  await expect(page.getByTestId('menu-button')).toBeVisible();
  await expect(panel).toBeHidden();
  // The desktop navigation is not shown at this width.
  const desktopNav = page.locator('header > div > nav');
  await expect(desktopNav).toHaveCount(1);
  await expect(desktopNav).toBeHidden();

  const { button } = await openMenu(page);
  const links = panel.getByRole('link');
  for (const label of [nav.home, nav.services, nav.team, nav.about, nav.contact])
    await expect(panel.getByRole('link', { name: label, exact: true })).toBeVisible();
  // The call to action to a quote request: in the menu on a phone (no room for it in the header).
  await expect(page.getByTestId('header-quote')).toBeHidden();
  await expect(panel.getByTestId('menu-quote')).toHaveAttribute('href', '/ContactUs#quote');
  await expect(panel.getByTestId('menu-quote')).toHaveText(messages('en').quote.cta);
  // Focus moves into the panel.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(true);
  expect(await links.count()).toBeGreaterThanOrEqual(5);

  await panel.getByRole('link', { name: nav.team, exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/TheTeam');
  await expect(page.getByRole('heading', { level: 1, name: messages('en').team.title })).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

test('a click outside the open menu closes it', async ({ page }) => {
  await page.goto('/AboutUs');
  const { button, panel } = await openMenu(page);
  const box = (await panel.boundingBox())!;
  // Tap on the dimmed page beside the panel (the panel sits on the start side, left in English).
  expect(box.x + box.width).toBeLessThan(360);
  await page.mouse.click(365, 600);
  await expect(panel).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL((u) => u.pathname === '/AboutUs');
  // And it opens again.
  await button.click();
  await expect(panel).toBeVisible();
});

test('Esc closes the menu and gives focus back to the menu button', async ({ page }) => {
  await page.goto('/Services');
  const { button, panel } = await openMenu(page);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAccessibleName(nav.openMenu);
});

test('in Arabic the side menu opens from the right', async ({ page }) => {
  await page.goto('/ar');
  const button = page.getByTestId('menu-button');
  await waitForHydration(button);
  await button.click();
  const panel = page.locator('#mobile-menu');
  await expect(panel).toBeVisible();
  await expectFullHeight(page, panel);
  const box = (await panel.boundingBox())!;
  expect(Math.round(box.x + box.width)).toBe(375);
  await expect(panel.getByRole('link', { name: messages('ar').nav.services, exact: true })).toBeVisible();
});

test('the search box is visible and usable on / at 375px', async ({ page }) => {
  await page.goto('/');
  const box = searchBox(page);
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute('placeholder', nav.searchEvents);
  const rect = (await box.boundingBox())!;
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(375);
  await waitForHydration(box);
  const cards = shown(page, 'event-card');
  const all = await cards.count();
  await box.fill('Sharjah');
  await expect.poll(() => cards.count()).toBeLessThan(all);
  for (const location of await shown(page, 'event-card').getByTestId('event-location').allInnerTexts())
    expect(location).toMatch(/sharjah/i);
});

test('Enter in the search box brings the filtered projects into view and closes the keyboard', async ({ page }) => {
  await page.goto('/');
  const box = searchBox(page);
  await waitForHydration(box);
  const grid = page.getByTestId('events-grid');
  const top = async () => (await grid.boundingBox())!.y;
  expect(await top(), 'the projects start below the first screen').toBeGreaterThan(812);
  await box.fill('Sharjah');
  await box.press('Enter');
  await expect(box).not.toBeFocused();
  await expect.poll(top).toBeLessThan(812 / 2);
  // ...and not under the sticky header.
  expect(await top()).toBeGreaterThanOrEqual((await page.getByRole('banner').boundingBox())!.height - 1);
  await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
});

test('nothing overflows horizontally at 375px', async ({ page }) => {
  for (const url of ['/', '/Services', '/TheTeam', '/AboutUs', '/ContactUs', '/ar', '/ar/ContactUs']) {
    await page.goto(url);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${url} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  }
});

test('the header fits at every width, with its call to action where there is room', async ({ page }) => {
  // [width, whether "Request a quote" stands in the header]: beside the buttons up to 1023 px, beside
  // the full navigation from 1280 px; between, the navigation's own Contact link leads there.
  for (const [width, inHeader] of [
    [375, false],
    [640, true],
    [768, true],
    [1024, false],
    [1280, true],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    for (const url of ['/', '/ar']) {
      await page.goto(url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${url} at ${width}px scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
      await expect(page.getByTestId('header-quote'), `${url} at ${width}px`).toBeVisible({ visible: inHeader });
    }
  }
});
