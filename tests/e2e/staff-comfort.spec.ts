import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, messages, test } from './support';
import { makeUser, PASSWORD, testDb, type Role } from '../helpers/db';
import { RETURN_COOKIE } from '../../lib/auth/return-path';
import { ADMIN_LOCALE_COOKIE, LOCALE_COOKIE } from '../../lib/i18n/locale-cookie';

// Issue 26, "Staff comfort": signing in leads back to the back-office page asked for (and only
// there); the back office keeps its own language, whatever the public site's; /Admin opens on a
// dashboard under the spec's "Choose one from the list".

const en = messages('en');
const ar = messages('ar');

let addressCounter = 0;
// Each context signs in from its own address: the sign-in limits count per address.
const ownAddress = () => `10.252.${process.pid % 250}.${++addressCounter % 250}`;

async function newContext(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': ownAddress() });
  return context;
}

/** Fills and sends the sign-in form that is on screen (in either language). */
async function submitSignIn(page: Page, email: string) {
  await page.locator('#auth-email').fill(email);
  await page.locator('#auth-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
}

async function signedIn(browser: Browser, role: Role = 'admin') {
  const context = await newContext(browser);
  const page = await context.newPage();
  const user = await makeUser(role);
  await page.goto('/LogIn');
  await submitSignIn(page, user.email);
  await page.waitForURL((u) => u.pathname === '/Admin', { timeout: 30_000 });
  return { context, page, user };
}

const cookie = async (context: BrowserContext, name: string) => (await context.cookies()).find((c) => c.name === name)?.value;

test.afterAll(async () => {
  await testDb.$disconnect();
});

test.describe('signing in returns to the page asked for', () => {
  test('with JavaScript: /Admin/Events?q=x, then the sign-in page at its plain address, then that very list', async ({ browser }) => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const user = await makeUser('mini');
    await page.goto('/Admin/Events?q=x');
    // The sign-in page keeps its plain address; the wanted page waits in a cookie only the server reads.
    await expect(page).toHaveURL((u) => u.pathname === '/LogIn' && u.search === '');
    const kept = (await context.cookies()).find((c) => c.name === RETURN_COOKIE);
    expect(kept).toMatchObject({ value: encodeURIComponent('/Admin/Events?q=x'), httpOnly: true, sameSite: 'Lax' });
    await submitSignIn(page, user.email);
    await expect(page.getByText(en.auth.loginSuccess)).toBeVisible();
    await page.waitForURL((u) => u.pathname === '/Admin/Events' && u.search === '?q=x', { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: en.admin.areas.events.title })).toBeVisible();
    // Used once: the next sign-in starts from the back office's home.
    expect(await cookie(context, RETURN_COOKIE)).toBeUndefined();
    await context.close();
  });

  test('without JavaScript, in Arabic: /ar/Admin/Team/<id> leads back to that form', async ({ browser }) => {
    const context = await newContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const user = await makeUser('admin');
    const member = await testDb.teamMember.findFirstOrThrow({ orderBy: { id: 'asc' } });
    await page.goto(`/ar/Admin/Team/${member.id}`);
    await expect(page).toHaveURL((u) => u.pathname === '/ar/LogIn' && u.search === '');
    await submitSignIn(page, user.email);
    await page.waitForURL((u) => u.pathname === `/ar/Admin/Team/${member.id}`, { timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    // The back office's frame, signed in (without scripts its screen stays behind the loading state).
    await expect(page.getByText(ar.admin.signedInAs.replace('{name}', user.name))).toBeVisible();
    await context.close();
  });

  test('a session ended behind the screen: the next click in the menu leads to sign in, and back to that screen after', async ({
    browser,
  }) => {
    const { context, page, user } = await signedIn(browser, 'mini');
    await page.goto('/Admin/Clients');
    // Signed out behind its back (the session's rows are gone), then a click in the menu.
    await testDb.apiToken.deleteMany({ where: { userId: user.id } });
    await page.getByRole('navigation', { name: en.admin.menuLabel }).getByRole('link', { name: en.admin.menu.services }).click();
    await page.waitForURL((u) => u.pathname === '/LogIn' && u.search === '');
    await submitSignIn(page, user.email);
    await page.waitForURL((u) => u.pathname === '/Admin/Services', { timeout: 30_000 });
    await context.close();
  });

  test('a path that is not our back office is never followed: the sign-in page drops it and signing in opens /Admin', async ({
    browser,
    request,
  }) => {
    const hop = (next: string) => request.get(`/LogIn?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
    // Kept: a back-office path, English or Arabic, with its query.
    for (const next of ['/Admin/Users', '/ar/Admin/Events?q=a%20b&page=2']) {
      const answer = await hop(next);
      expect(answer.status(), next).toBe(307);
      expect(answer.headers().location, next).toBe('/LogIn');
      expect(answer.headers()['set-cookie'], next).toContain(`${RETURN_COOKIE}=${encodeURIComponent(next)};`);
      expect(answer.headers()['set-cookie'], next).toMatch(/HttpOnly/i);
    }
    // Dropped (and an earlier one cleared): other hosts, every way of writing one, and our public pages.
    for (const next of [
      '//evil.com',
      'https://evil.com/Admin',
      '/\\evil.com',
      '/%2F%2Fevil.com',
      '/Admin/../../evil.com',
      '/Services',
      '/Admin\t',
    ]) {
      const answer = await hop(next);
      expect(answer.status(), next).toBe(307);
      expect(answer.headers().location, next).toBe('/LogIn');
      expect(answer.headers()['set-cookie'] ?? '', next).toMatch(
        new RegExp(`^${RETURN_COOKIE}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`, 'i'),
      );
    }
    // The Arabic sign-in page keeps its language and its other parameters.
    const arabic = await request.get(`/ar/LogIn?next=${encodeURIComponent('/ar/Admin')}&x=1`, { maxRedirects: 0 });
    expect(arabic.headers().location).toBe('/ar/LogIn?x=1');

    // In a browser: a hostile link, and a hostile cookie written by hand, both end on /Admin.
    const context = await newContext(browser);
    const page = await context.newPage();
    const user = await makeUser('admin');
    await page.goto(`/LogIn?next=${encodeURIComponent('//evil.com/Admin')}`);
    await expect(page).toHaveURL((u) => u.pathname === '/LogIn' && u.search === '');
    const base = new URL(page.url());
    await context.addCookies([{ name: RETURN_COOKIE, value: encodeURIComponent('https://evil.com/Admin'), url: base.origin }]);
    await submitSignIn(page, user.email);
    await page.waitForURL((u) => u.pathname === '/Admin', { timeout: 30_000 });
    expect(new URL(page.url()).host).toBe(base.host);
    await context.close();
  });
});

test('the back office keeps its own language: English after visiting /ar, Arabic after choosing it there, whatever the public site', async ({
  browser,
}) => {
  // A dozen page loads, each rendered for the first time in its language: slow beside the other specs.
  test.slow();
  const { context, page } = await signedIn(browser);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en');

  // Reading the Arabic site does not turn the back office Arabic.
  await page.goto('/ar');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect.poll(() => cookie(context, LOCALE_COOKIE)).toBe('ar');
  await page.goto('/Admin');
  await expect(page).toHaveURL((u) => u.pathname === '/Admin');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('choose')).toHaveText(en.admin.choose);
  // …and the back office in English did not turn the public site back to English.
  await page.goto('/AboutUs');
  await expect(page).toHaveURL((u) => u.pathname === '/ar/AboutUs');

  // The public site back to English (its own toggle), then the back office to Arabic (its toggle).
  await page.getByTestId('language-toggle').first().click();
  await expect(page).toHaveURL((u) => u.pathname === '/AboutUs');
  await expect(html).toHaveAttribute('lang', 'en');
  await page.goto('/Admin');
  await page.getByTestId('language-toggle').click();
  await expect(page).toHaveURL((u) => u.pathname === '/ar/Admin');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('choose')).toHaveText(ar.admin.choose);
  await expect.poll(() => cookie(context, ADMIN_LOCALE_COOKIE)).toBe('ar');

  // The public site stays English, and the back office Arabic.
  await page.goto('/');
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await expect(html).toHaveAttribute('lang', 'en');
  await page.goto('/Admin/Events');
  await expect(page).toHaveURL((u) => u.pathname === '/ar/Admin/Events');
  await expect(html).toHaveAttribute('dir', 'rtl');
  expect(await cookie(context, LOCALE_COOKIE)).toBe('en');
  await context.close();
});

test.describe('the dashboard on /Admin', () => {
  // The areas' tables, by area key (what each card counts).
  const tables = {
    slides: () => testDb.slide.count(),
    team: () => testDb.teamMember.count(),
    services: () => testDb.service.count(),
    contacts: () => testDb.contact.count(),
    events: () => testDb.event.count(),
    clients: () => testDb.client.count(),
  };
  const shownCount = async (page: Page, id: string) => Number(await page.getByTestId(`dashboard-${id}`).getAttribute('data-count'));

  test('an Admin sees every area, new inquiries and pending sign-ups, each a link to where it is handled', async ({ browser }) => {
    // Reloads until the counts settle, then three screens: slow beside the other specs.
    test.slow();
    const { context, page } = await signedIn(browser);
    await makeUser('pending');
    await expect(page.getByTestId('choose')).toHaveText(en.admin.choose);
    const dashboard = page.getByTestId('dashboard');
    await expect(dashboard.getByRole('heading', { level: 2 })).toHaveText(en.admin.dashboard.heading);
    // Other specs add and remove rows meanwhile: read both sides again until they agree.
    await expect(async () => {
      await page.reload();
      for (const [key, count] of Object.entries(tables)) expect(await shownCount(page, `area-${key}`), key).toBe(await count());
      expect(await shownCount(page, 'new-inquiries')).toBe(await testDb.inquiry.count({ where: { status: 'new' } }));
      expect(await shownCount(page, 'pending-signups')).toBe(await testDb.user.count({ where: { isAdmin: false, isMiniAdmin: false } }));
      expect(await shownCount(page, 'accounts')).toBe(await testDb.user.count());
    }).toPass({ timeout: 30_000 });
    expect(await shownCount(page, 'pending-signups')).toBeGreaterThan(0);
    await expect(page.getByTestId('dashboard-area-events')).toContainText(en.admin.menu.events);
    await expect(page.getByTestId('dashboard-pending-signups')).toContainText(en.admin.dashboard.pendingSignUps);
    await expect(page.getByTestId('mail-status')).toBeVisible();
    // The newest entries of the activity log: this Admin's own sign-in is among them.
    const latest = page.getByTestId('latest-activity');
    await expect(latest.getByRole('heading', { level: 2 })).toHaveText(en.admin.dashboard.activityHeading);
    expect(await latest.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await latest.getByRole('listitem').count()).toBeLessThanOrEqual(5);
    // Each names its item as the menu does ("Users #12"), never by the table's key ("users #12").
    const menuLabels: string[] = Object.values(en.admin.menu);
    for (const line of await latest.getByRole('link').allInnerTexts()) {
      const item = line.split(' · ')[2];
      if (item) expect(menuLabels).toContain(item.replace(/ \u2066#\d+\u2069$/, ''));
    }

    await page.getByTestId('dashboard-new-inquiries').click();
    await page.waitForURL((u) => u.pathname === '/Admin/Inquiries' && u.searchParams.get('status') === 'new');
    await page.goto('/Admin');
    await page.getByTestId('dashboard-pending-signups').click();
    await page.waitForURL((u) => u.pathname === '/Admin/Users');
    await page.goto('/Admin');
    await page.getByTestId('dashboard-area-team').click();
    await page.waitForURL((u) => u.pathname === '/Admin/Teams');
    await context.close();
  });

  test('a Mini Admin sees the content areas and the inbox, not the accounts', async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'mini');
    await expect(page.getByTestId('choose')).toHaveText(en.admin.choose);
    for (const key of Object.keys(tables)) await expect(page.getByTestId(`dashboard-area-${key}`)).toBeVisible();
    await expect(page.getByTestId('dashboard-new-inquiries')).toBeVisible();
    await expect(page.getByTestId('dashboard-pending-signups')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-accounts')).toHaveCount(0);
    await expect(page.getByTestId('latest-activity')).toHaveCount(0);
    await context.close();
  });

  test('on a 375 px phone, in English and Arabic, the cards fit the screen', async ({ browser }) => {
    const { context, page } = await signedIn(browser);
    await page.setViewportSize({ width: 375, height: 812 });
    for (const [prefix, words] of [
      ['', en],
      ['/ar', ar],
    ] as const) {
      await page.goto(`${prefix}/Admin`);
      await expect(page.getByTestId('dashboard').getByRole('heading', { level: 2 })).toHaveText(words.admin.dashboard.heading);
      await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      for (const card of await page.getByTestId('dashboard').getByRole('link').all()) {
        const box = (await card.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      // Two cards side by side, not one long column.
      const [first, second] = await page.getByTestId('dashboard').getByRole('link').all();
      expect((await first!.boundingBox())!.y).toBe((await second!.boundingBox())!.y);
    }
    await context.close();
  });
});
