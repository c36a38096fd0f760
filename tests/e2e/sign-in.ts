import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { makeUser, PASSWORD, type Role } from '../helpers/db';

// Signing in through the form, as a person does: the back-office specs' one way in.

/** Fills the sign-in form with `email` and `password` and sends it (where it leads is the caller's to check). */
export async function submitSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/LogIn');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByTestId('login-submit').click();
}

/** A new account with `role`, signed in in a browser context of its own (options: viewport…), on /Admin. */
export async function signedIn(browser: Browser, options: BrowserContextOptions = {}, role: Role = 'admin') {
  const user = await makeUser(role);
  const page = await (await browser.newContext(options)).newPage();
  await submitSignIn(page, user.email);
  // Signing in hashes a password: slow on a busy machine.
  await page.waitForURL('**/Admin', { timeout: 30_000 });
  return { page, user };
}

/**
 * A new account with `role`, signed in through the form in `locale`, in a context of its own
 * (options: viewport, scripts on or off), on that language's /Admin.
 */
export async function signedInAs(browser: Browser, role: Role, locale: 'en' | 'ar', options: BrowserContextOptions = {}) {
  const user = await makeUser(role);
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const home = locale === 'ar' ? '/ar/Admin' : '/Admin';
  await page.goto(locale === 'ar' ? '/ar/LogIn' : '/LogIn');
  await page.locator('#auth-email').fill(user.email);
  await page.locator('#auth-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  // Signing in hashes a password: slow on a busy machine.
  await page.waitForURL((u) => u.pathname === home, { timeout: 30_000 });
  return { context, page, user };
}
