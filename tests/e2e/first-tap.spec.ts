import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, homeData, messages, searchBox, shown, waitForHydration } from './support';

// A tap made before the page's scripts run is never lost. Public pages paint long before React
// has hydrated them on a slow phone, so a visitor can tap first:
// - with JavaScript off, the native controls work: the team dialog (invoker commands), the side
//   menu (popover), the language link, and Enter in search (a GET form);
// - with the scripts held back until after the tap, every control acts, the theme toggle and the
//   language toggle through the head script, search once React adopts what was typed, and any
//   other button (the slider's) once React has hydrated (the head script kept the tap).

const nav = messages('en').nav;
const MEMBER = 'Layla Al Hashimi';

/**
 * Holds every script bundle of the context until `release()`: the page paints, the head script
 * runs, React does not. `requested()` tells that the page did ask for them (so they are held, not
 * just late).
 */
async function holdScripts(context: BrowserContext) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await context.route(/\/_next\/static\/.+\.js(\?.*)?$/, async (route) => {
    held += 1;
    await gate;
    await route.continue().catch(() => {});
  });
  return { release, requested: () => held };
}

// While scripts are held the page's load event waits for them: navigations are awaited to
// DOMContentLoaded and addresses polled (toHaveURL waits for the load event).
const notHydrated = (page: Page) =>
  page.evaluate(() => !('next' in window) && !Object.keys(document.body).some((k) => k.startsWith('__react')));

async function memberCard(page: Page) {
  const card = page.getByTestId('team-card').filter({ has: page.getByText(MEMBER, { exact: true }) });
  await expect(card).toHaveCount(1);
  return card;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a tap on a team member opens the dialog; its X and Esc close it', async ({ page }) => {
    await page.goto('/TheTeam');
    const card = await memberCard(page);
    await card.click();
    const dialog = page.locator('dialog[open]');
    await expect(dialog).toHaveCount(1);
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(MEMBER);
    await dialog.getByTestId('team-modal-close').click();
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(card).toBeFocused();
    await card.click();
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
  });

  test('the language link leads to the same page in Arabic, and back', async ({ page }) => {
    await page.goto('/Services');
    await page.getByTestId('language-toggle').click();
    await expect(page).toHaveURL((u) => u.pathname === '/ar/Services');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByTestId('language-toggle').click();
    await expect(page).toHaveURL((u) => u.pathname === '/Services');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test("Enter in Home's search opens the server's search over every project, /Projects?q=", async ({ page, request }) => {
    const { events } = await homeData(request);
    const expected = events.filter((e) => /sharjah/i.test(e.location)).length;
    expect(expected, 'some seeded events are in Sharjah').toBeGreaterThan(0);
    await page.goto('/');
    await searchBox(page).fill('Sharjah');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL((u) => u.pathname === '/Projects' && u.searchParams.get('q') === 'Sharjah');
    await expect(page.getByTestId('event-card')).toHaveCount(expected);
    await page.goto('/ar');
    await searchBox(page).fill('الشارقة');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL((u) => u.pathname === '/ar/Projects' && u.searchParams.get('q') === 'الشارقة');
    await expect(page.getByTestId('event-card')).toHaveCount(expected);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test('the menu button opens the side menu under the header; a second tap and Esc close it', async ({ page }) => {
      await page.goto('/AboutUs');
      const panel = page.locator('#mobile-menu');
      await expect(panel).toBeHidden();
      await page.getByTestId('menu-button').tap();
      await expect(panel).toBeVisible();
      const header = (await page.locator('header').boundingBox())!;
      const box = (await panel.boundingBox())!;
      expect(Math.round(box.y)).toBe(Math.round(header.y + header.height));
      await expect(panel.getByRole('link', { name: nav.services, exact: true })).toBeVisible();
      await page.getByTestId('menu-button').tap();
      await expect(panel).toBeHidden();
      await page.getByTestId('menu-button').tap();
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      // A link in it is a plain link.
      await page.getByTestId('menu-button').tap();
      await panel.getByRole('link', { name: nav.team, exact: true }).tap();
      await expect(page).toHaveURL((u) => u.pathname === '/TheTeam');
    });
  });
});

test.describe('with the scripts held back until after the tap', () => {
  test('the team member tapped first is shown, and the dialog still works once React runs', async ({ page, context }) => {
    const scripts = await holdScripts(context);
    await page.goto('/TheTeam', { waitUntil: 'domcontentloaded' });
    const card = await memberCard(page);
    await expect.poll(scripts.requested, { message: 'the page asked for its scripts' }).toBeGreaterThan(0);
    expect(await notHydrated(page)).toBe(true);
    await card.click();
    await expect(page.locator('dialog[open]').getByRole('heading', { level: 2 })).toHaveText(MEMBER);
    scripts.release();
    await waitForHydration(card);
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await page.locator('dialog[open]').getByTestId('team-modal-close').click();
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(card).toBeFocused();
  });

  test('the theme toggle flips the theme at once, is remembered, and React names the new state', async ({ page, context }) => {
    const scripts = await holdScripts(context);
    await page.goto('/AboutUs', { waitUntil: 'domcontentloaded' });
    const toggle = page.getByTestId('theme-toggle');
    await expect.poll(scripts.requested).toBeGreaterThan(0);
    expect(await notHydrated(page)).toBe(true);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await toggle.click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    scripts.release();
    await waitForHydration(toggle);
    await expect(toggle).toHaveAttribute('aria-label', nav.themeToDark);
    // After hydration one tap is still one switch (the head script is the only handler).
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute('aria-label', nav.themeToLight);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  test('the language toggle tapped first switches, even for a visitor whose language cookie says Arabic', async ({ page, context }) => {
    // A visitor who read the Arabic site: the cookie sends English URLs to /ar.
    await page.goto('/ar/AboutUs');
    await waitForHydration(page.getByTestId('language-toggle'));
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('ar');
    const scripts = await holdScripts(context);
    await page.goto('/ar/Services', { waitUntil: 'domcontentloaded' });
    await expect.poll(scripts.requested).toBeGreaterThan(0);
    expect(await notHydrated(page)).toBe(true);
    await page.getByTestId('language-toggle').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/Services');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('en');
    scripts.release();
    await waitForHydration(page.getByTestId('language-toggle'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('text typed into search before hydration filters the list once React runs', async ({ page, context, request }) => {
    const { events } = await homeData(request);
    const expected = events.filter((e) => /sharjah/i.test(e.location)).length;
    expect(expected, 'some seeded events are in Sharjah').toBeGreaterThan(0);
    expect(expected).toBeLessThan(events.length);
    const scripts = await holdScripts(context);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect.poll(scripts.requested).toBeGreaterThan(0);
    expect(await notHydrated(page)).toBe(true);
    await searchBox(page).fill('Sharjah');
    scripts.release();
    await waitForHydration(searchBox(page));
    await expect(shown(page, 'event-card')).toHaveCount(expected);
    await expect(searchBox(page)).toHaveValue('Sharjah');
  });

  test('Enter in search before hydration lands on the filtered list (/Projects?q=, from Home)', async ({ page, context, request }) => {
    const { events } = await homeData(request);
    const expected = events.filter((e) => /sharjah/i.test(e.location)).length;
    const scripts = await holdScripts(context);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect.poll(scripts.requested).toBeGreaterThan(0);
    await searchBox(page).fill('Sharjah');
    await searchBox(page).press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('Sharjah');
    expect(new URL(page.url()).pathname).toBe('/Projects');
    scripts.release();
    await waitForHydration(searchBox(page));
    await expect(searchBox(page)).toHaveValue('Sharjah');
    await expect(shown(page, 'event-card')).toHaveCount(expected);
  });

  test.describe('with reduced motion (the slider moves only by hand)', () => {
    test.use({ reducedMotion: 'reduce' });

    test('slider buttons tapped first act once React runs, each tap once', async ({ page, context }) => {
      const scripts = await holdScripts(context);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await expect.poll(scripts.requested).toBeGreaterThan(0);
      expect(await notHydrated(page)).toBe(true);
      const slider = page.getByTestId('hero-slider');
      await expect(slider).toHaveAttribute('data-index', '0');
      const home = messages('en').home;
      // Two taps on "next", then one on "previous": slide 2 (index 1) once all three have acted.
      await page.getByRole('button', { name: home.nextSlide }).click();
      await page.getByRole('button', { name: home.nextSlide }).click();
      await page.getByRole('button', { name: home.previousSlide }).click();
      await expect(slider).toHaveAttribute('data-index', '0');
      scripts.release();
      await waitForHydration(slider);
      await expect(slider).toHaveAttribute('data-index', '1');
      // After hydration a tap is handled once, by React alone.
      await page.getByRole('button', { name: home.nextSlide }).click();
      await expect(slider).toHaveAttribute('data-index', '2');
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

    test('the menu tapped first is open, and React takes its state over', async ({ page, context }) => {
      const scripts = await holdScripts(context);
      await page.goto('/Services', { waitUntil: 'domcontentloaded' });
      await expect.poll(scripts.requested).toBeGreaterThan(0);
      expect(await notHydrated(page)).toBe(true);
      const button = page.getByTestId('menu-button');
      await button.tap();
      const panel = page.locator('#mobile-menu');
      await expect(panel).toBeVisible();
      scripts.release();
      await waitForHydration(button);
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(button).toHaveAccessibleName(nav.closeMenu);
      await expect(panel).toBeVisible();
      await button.tap();
      await expect(panel).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
