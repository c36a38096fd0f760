import { expect, test, type Browser, type Page } from '@playwright/test';
import { makeUser, PASSWORD, testDb } from '../helpers/db';
import { messages } from './support';

// Issue 26, item 6, as an Admin uses it: the activity log in the back office, reached from the
// menu, filtered with its form, on a desktop and on a 375 px phone. Runs in the "admin" project.
test.describe.configure({ mode: 'default' });

const en = messages('en');
const ar = messages('ar');

async function signIn(browser: Browser, viewport?: { width: number; height: number }): Promise<{ page: Page; email: string; id: number }> {
  const user = await makeUser('admin');
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await page.goto('/LogIn');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/Admin', { timeout: 10_000 });
  return { page, email: user.email, id: user.id };
}

let settingsRow = true;
test.beforeAll(async () => {
  settingsRow = (await testDb.siteSettings.count()) > 0;
});
test.afterAll(async () => {
  // A test saves a setting; the seed has no settings row (the demo brand), so none is left behind.
  if (!settingsRow) await testDb.siteSettings.deleteMany({});
  await testDb.$disconnect();
});

test('an Admin opens the activity log from the menu, filters it and sees their own sign-in', async ({ browser }) => {
  const { page, email } = await signIn(browser);
  await page.getByRole('link', { name: en.admin.menu.activity }).first().click();
  await page.waitForURL('**/Admin/Activity');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.admin.activity.title);

  const filter = page.getByTestId('activity-filter');
  await filter.getByLabel(en.admin.activity.kind).selectOption('signIn');
  await filter.getByLabel(en.admin.activity.person).selectOption({ label: `Test admin (${email})` });
  await filter.getByTestId('activity-apply').click();
  await page.waitForURL(/kind=signIn/);
  expect(new URL(page.url()).searchParams.get('kind')).toBe('signIn');

  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(1);
  await expect(entries.first().getByTestId('activity-kind')).toHaveText(en.admin.activity.kinds.signIn);
  await expect(entries.first()).toContainText(email);
  await expect(entries.first().getByTestId('activity-address')).not.toHaveText('—');
  await expect(page.getByTestId('activity-count')).toHaveText('1 entry');
});

test('on a 375 px phone, in Arabic: no sideways scrolling of the page, a change shown before and after', async ({ browser }) => {
  const { page } = await signIn(browser, { width: 375, height: 740 });
  // A change with long values to show: the settings' retention, saved through the back office.
  await page.goto('/ar/Admin/Settings');
  const field = page.getByLabel(ar.admin.settings.fields.activityRetentionDays);
  const before = await field.inputValue();
  await field.fill(before === '400' ? '401' : '400');
  await page.getByTestId('submit').click();
  await expect(page.getByText(ar.admin.settings.saved)).toBeVisible();

  await page.goto('/ar/Admin/Activity?entity=settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar.admin.activity.title);
  const entry = page.getByTestId('activity-entry').first();
  await expect(entry.getByTestId('activity-kind')).toHaveText(ar.admin.activity.kinds.update);
  await expect(entry.locator('[data-field="activityRetentionDays"] [data-testid="activity-before"]')).toHaveText(before);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Back as it was.
  await page.goto('/ar/Admin/Settings');
  await page.getByLabel(ar.admin.settings.fields.activityRetentionDays).fill(before);
  await page.getByTestId('submit').click();
  await expect(page.getByText(ar.admin.settings.saved)).toBeVisible();
});
