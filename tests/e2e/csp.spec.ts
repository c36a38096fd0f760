import type { Page } from '@playwright/test';
import { makeUser, PASSWORD } from '../helpers/db';
import { expect, homeData, test, LOCALES, localePath, messages, PUBLIC_PAGES, waitForHydration } from './support';

// Every page runs under its Content-Security-Policy (lib/http/csp: cached pages the fixed
// policy without nonces, sign-in and the back office a fresh nonce from proxy.ts; never eval). Each page is loaded in
// Chromium until its scripts have run, and every `securitypolicyviolation` event and every CSP
// message in the console is collected: there must be none, in either language, public pages,
// sign-in and back office alike.

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

const ADMIN_SCREENS = [
  '/Admin',
  ...['Slider', 'Teams', 'Services', 'Contacts', 'Events', 'Clients'].map((list) => `/Admin/${list}`),
  ...['CreateSlider', 'CreateTeam', 'CreateService', 'CreateContact', 'CreateEvent', 'CreateClient'].map((create) => `/Admin/${create}`),
  '/Admin/Users',
];

/** Starts recording violations on every document of the page's context, before any page script. */
async function recordViolations(page: Page) {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy|CSP/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations!.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  return console;
}

/** Loads a page, waits until React has hydrated it, and answers what CSP reported. */
async function visit(page: Page, console: string[], url: string, expectedStatus = 200) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(expectedStatus);
  const policy = response?.headers()['content-security-policy'] ?? '';
  // Pages rendered per request (sign-in, the back office) get a nonce; cached pages the fixed policy.
  const perRequest = /\/(LogIn|Admin)(\/|$)/.test(new URL(url, 'http://x').pathname);
  expect(policy, `${url} has a script policy`).toMatch(
    perRequest ? /script-src 'nonce-[A-Za-z0-9+/]+=*' 'strict-dynamic' 'sha256-[A-Za-z0-9+/]+=*';/ : /script-src 'self' 'unsafe-inline';/,
  );
  expect(policy).not.toContain('unsafe-eval');
  // Hydration needs every inline script (React's flight data) and the bundles: a blocked one shows here.
  await waitForHydration(page.locator('body'));
  await page.waitForLoadState('load');
  const violations = await page.evaluate(() => window.cspViolations ?? []);
  return { violations, console: [...console] };
}

for (const locale of LOCALES) {
  test(`public pages and the 404 run without a CSP violation (${locale})`, async ({ page }) => {
    test.slow();
    const console = await recordViolations(page);
    for (const { path } of PUBLIC_PAGES) {
      const url = localePath(locale, path);
      const seen = await visit(page, console, url);
      if (path === '/ContactUs') {
        // The map frame is created when it scrolls into view: its origin must be allowed.
        await page.getByTestId('map').scrollIntoViewIfNeeded();
        await expect(page.getByTestId('map').locator('iframe')).toHaveCount(1);
        await page.waitForTimeout(300);
        seen.violations = await page.evaluate(() => window.cspViolations ?? []);
      }
      expect(seen, url).toEqual({ violations: [], console: [] });
    }
    expect(await visit(page, console, localePath(locale, '/no-such-page'), 404)).toEqual({ violations: [], console: [] });
  });

  test(`sign-in, sign-up and every back-office screen run without a CSP violation (${locale})`, async ({ page }) => {
    // Sixteen screens, each loaded until React has hydrated it: slow beside the other specs.
    test.slow();
    const console = await recordViolations(page);
    // Sign-up first: the sign-in form is then the page in front of us.
    for (const path of ['/SignUp', '/LogIn'])
      expect(await visit(page, console, localePath(locale, path)), path).toEqual({ violations: [], console: [] });
    // Signing in posts the form (form-action) and moves to the back office.
    const admin = await makeUser('admin');
    await page.getByLabel(messages(locale).auth.emailLabel).fill(admin.email);
    await page.getByLabel(messages(locale).auth.passwordLabel, { exact: true }).fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`**${localePath(locale, '/Admin')}`, { timeout: 15_000 });
    for (const path of ADMIN_SCREENS) {
      const url = localePath(locale, path);
      expect(await visit(page, console, url), url).toEqual({ violations: [], console: [] });
    }
    // An edit screen of a real item.
    await page.goto(localePath(locale, '/Admin/Events'));
    const edit = page.locator('a[href*="/Admin/Event/"]').first();
    const href = await edit.getAttribute('href');
    expect(href).toBeTruthy();
    expect(await visit(page, console, href!), href!).toEqual({ violations: [], console: [] });
  });
}

test('a media answer keeps its own stricter policy, an API answer refuses framing', async ({ request }) => {
  const { slides } = await homeData(request);
  const name = slides[0]?.img;
  expect(typeof name, 'a seeded slide image').toBe('string');
  const media = await request.get(`/sliderimges/${name}`);
  expect(media.status()).toBe(200);
  expect(media.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
  const optimised = await request.get(`/_next/image?url=${encodeURIComponent(`/sliderimges/${name}`)}&w=640&q=75`);
  expect(optimised.status()).toBe(200);
  expect(optimised.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
  const api = await request.get('/api/home');
  expect(api.headers()['content-security-policy']).toBe("frame-ancestors 'none'");
});
