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
