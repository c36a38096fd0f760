import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, messages } from './support';
import { makeUser, PASSWORD, testDb } from '../helpers/db';

// The device cookie in a real browser (issue 16, finding 4): the Admin's browser signs in once,
// an attacker then spends the account's shared budget from many addresses, and the same browser
// still signs in with the spec's toast while a browser that never signed in is told to wait.

test.afterAll(async () => {
  await testDb.$disconnect();
});

let counter = 0;
const address = () => `10.254.${process.pid % 250}.${++counter % 250}`;
const t = messages('en').auth;

async function browserAt(browser: Browser): Promise<BrowserContext> {
  // The test server trusts one proxy: each browser its own address, as on the real internet.
  return browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address() } });
}

async function signIn(context: BrowserContext, email: string, password: string) {
  const page = await context.newPage();
  await page.goto('/LogIn');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('login-submit').click();
  return page;
}

test("after 40 wrong passwords from 40 addresses, the Admin's browser still signs in; a new browser is told to wait", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000); // three sign-ins and 40 requests; slow when five runs share two cores
  const admin = await makeUser('admin');
  const owner = await browserAt(browser);
  const first = await signIn(owner, admin.email, PASSWORD);
  await expect(first.getByText(t.loginSuccess)).toBeVisible();
  await first.waitForURL('**/Admin', { timeout: 10_000 });
  const device = (await owner.cookies()).find((c) => c.name === 'sevenstars-device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  // Signed out (the session cookie gone), the device cookie stays.
  await owner.clearCookies({ name: 'authjs.session-token' });

  const statuses: number[] = [];
  for (let i = 0; i < 40; i++) {
    const res = await request.post('/api/login', {
      form: { email: admin.email, password: `guess-${i}` },
      headers: { 'X-Forwarded-For': address() },
    });
    statuses.push(res.status());
  }
  expect(statuses).toEqual([...Array(5).fill(401), ...Array(35).fill(429)]);

  const stranger = await browserAt(browser);
  const refused = await signIn(stranger, admin.email, PASSWORD);
  await expect(refused.getByTestId('login-error')).toHaveText(t.tooManyRequests);
  await expect(refused).toHaveURL((u) => u.pathname === '/LogIn');

  // From another address than before (a new network): only the cookie can vouch for it.
  await owner.setExtraHTTPHeaders({ 'X-Forwarded-For': address() });
  const again = await signIn(owner, admin.email, PASSWORD);
  await expect(again.getByText(t.loginSuccess)).toBeVisible();
  await again.waitForURL('**/Admin', { timeout: 10_000 });
  await Promise.all([owner.close(), stranger.close()]);
});
