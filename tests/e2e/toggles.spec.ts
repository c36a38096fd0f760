import type { Locator, Page } from '@playwright/test';
import { expect, test, messages, settle, waitForHydration } from './support';

// Theme and language toggles: what they switch, what is remembered, and the mirrored layout.

const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

/** Records <html>'s classes when <body> first appears: what the first paint uses, before any bundle runs. */
async function recordFirstPaintTheme(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __classAtBody?: string; __hydratedAtBody?: boolean };
    const observer = new MutationObserver(() => {
      if (document.body && w.__classAtBody === undefined) {
        w.__classAtBody = document.documentElement.className;
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}
const classAtFirstPaint = (page: Page) => page.evaluate(() => (window as unknown as { __classAtBody?: string }).__classAtBody);

test('the theme toggle switches dark to light and back, remembered across navigation and reload without a flash', async ({ page }) => {
  const nav = messages('en').nav;
  await recordFirstPaintTheme(page);
  await page.goto('/');
  const toggle = page.getByTestId('theme-toggle');
  await waitForHydration(toggle);
  // Dark is the default.
  expect(await isDark(page)).toBe(true);
  expect(await classAtFirstPaint(page)).toContain('dark');
  await expect(toggle).toHaveAttribute('aria-label', nav.themeToLight);

  await toggle.click();
  await expect.poll(() => isDark(page)).toBe(false);
  expect(await storedTheme(page)).toBe('light');
  await expect(toggle).toHaveAttribute('aria-label', nav.themeToDark);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');

  // Client-side navigation keeps it.
  await page.getByRole('navigation', { name: nav.mainNavigation }).getByRole('link', { name: nav.services, exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/Services');
  expect(await isDark(page)).toBe(false);

  // A reload paints light from the very first frame (the server HTML says "dark").
  await page.reload();
  expect(await classAtFirstPaint(page), 'class of <html> when <body> first appeared').not.toMatch(/\bdark\b/);
  expect(await isDark(page)).toBe(false);
  await waitForHydration(page.getByTestId('theme-toggle'));
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-label', nav.themeToDark);

  // A full page load of another page too.
  await page.goto('/TheTeam');
  expect(await classAtFirstPaint(page)).not.toMatch(/\bdark\b/);

  // And back to dark, also remembered.
  await waitForHydration(page.getByTestId('theme-toggle'));
  await page.getByTestId('theme-toggle').click();
  await expect.poll(() => isDark(page)).toBe(true);
  expect(await storedTheme(page)).toBe('dark');
  await page.reload();
  expect(await classAtFirstPaint(page)).toMatch(/\bdark\b/);
  expect(await htmlClass(page)).toMatch(/\bdark\b/);
});

const localeCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value;

test('the language toggle keeps the page: /Services -> /ar/Services -> /Services', async ({ page }) => {
  await page.goto('/Services');
  const toggle = page.getByTestId('language-toggle');
  await expect(toggle).toHaveText(messages('en').nav.languageToggle);
  await waitForHydration(toggle);
  await settle(page, () => toggle.click());
  await expect(page).toHaveURL((u) => u.pathname === '/ar/Services');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: messages('ar').services.title })).toBeVisible();
  await expect(page.getByTestId('language-toggle')).toHaveText(messages('ar').nav.languageToggle);

  await waitForHydration(page.getByTestId('language-toggle'));
  // Back to English; once the page (and the router's background prefetches) settled, it is
  // still the English page.
  await settle(page, () => page.getByTestId('language-toggle').click());
  await expect(page).toHaveURL((u) => u.pathname === '/Services');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1, name: messages('en').services.title })).toBeVisible();
});

test('the chosen language is remembered: after Arabic, /TheTeam opens /ar/TheTeam; after English, /AboutUs stays English', async ({
  page,
}) => {
  await page.goto('/Services');
  await waitForHydration(page.getByTestId('language-toggle'));
  await settle(page, () => page.getByTestId('language-toggle').click());
  await expect(page).toHaveURL((u) => u.pathname === '/ar/Services');
  expect(await localeCookie(page)).toBe('ar');

  const response = await page.goto('/TheTeam');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL((u) => u.pathname === '/ar/TheTeam');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1, name: messages('ar').team.title })).toBeVisible();

  // Choosing English again is remembered too.
  await waitForHydration(page.getByTestId('language-toggle'));
  await settle(page, () => page.getByTestId('language-toggle').click());
  expect(await localeCookie(page), 'NEXT_LOCALE after choosing English').not.toBe('ar');
  await page.goto('/AboutUs');
  await expect(page).toHaveURL((u) => u.pathname === '/AboutUs');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the language toggle is a plain link that switches both ways', async ({ page }) => {
    await page.goto('/TheTeam');
    await page.getByTestId('language-toggle').click();
    await expect(page).toHaveURL((u) => u.pathname === '/ar/TheTeam');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.getByTestId('language-toggle').click();
    await expect(page).toHaveURL((u) => u.pathname === '/TheTeam');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: messages('en').team.title })).toBeVisible();
  });
});

test('Arabic mirrors the layout: logo on the right, mail button on the left; English the opposite', async ({ page }) => {
  const width = page.viewportSize()!.width;
  const centreX = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return box.x + box.width / 2;
  };
  for (const [url, locale] of [
    ['/', 'en'],
    ['/ar', 'ar'],
  ] as const) {
    await page.goto(url);
    const nav = messages(locale).nav;
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    // The logo is the header's first link and leads home.
    const logoLink = page.locator('header a').first();
    await expect(logoLink).toHaveAttribute('href', locale === 'ar' ? '/ar' : '/');
    const logo = await centreX(logoLink);
    const mailCentre = await centreX(page.locator(`a[aria-label="${nav.mailUs}"]`));
    if (locale === 'ar') {
      expect(logo, 'Arabic logo on the right half').toBeGreaterThan(width / 2);
      expect(mailCentre, 'Arabic mail button on the left half').toBeLessThan(width / 2);
    } else {
      expect(logo, 'English logo on the left half').toBeLessThan(width / 2);
      expect(mailCentre, 'English mail button on the right half').toBeGreaterThan(width / 2);
    }
  }
});
