import AxeBuilder from '@axe-core/playwright';
import { makeUser, PASSWORD, testDb } from '../helpers/db';
import { expect, messages, test } from './support';

// Issue 19: "no SMTP configured = no mail, and the back office says so". The test server runs
// without SMTP_URL, so the back office's home screen says, in the page's language, that no mail
// is sent (tests/integration/mail.test.ts covers a server with SMTP).

const en = messages('en');
const ar = messages('ar');

test.afterAll(async () => {
  await testDb.$disconnect();
});

test('the back office home says mail is not configured, in English and Arabic', async ({ page }) => {
  const admin = await makeUser('admin');
  await page.goto('/LogIn');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/Admin', { timeout: 10_000 });

  const box = page.getByTestId('mail-status');
  await expect(box).toHaveAttribute('data-configured', 'no');
  await expect(box.getByRole('heading', { level: 2 })).toHaveText(en.admin.mailStatus.heading);
  await expect(box).toContainText(en.admin.mailStatus.notConfigured);
  // Nothing is queued without SMTP, so there is no count and no error to show.
  await expect(box.getByTestId('mail-waiting')).toHaveCount(0);
  await expect(box.getByTestId('mail-last-error')).toHaveCount(0);
  await expect(page.getByTestId('choose')).toHaveText(en.admin.choose);
  expect((await new AxeBuilder({ page }).include('[data-testid=mail-status]').analyze()).violations).toEqual([]);

  await page.goto('/ar/Admin');
  await expect(box).toContainText(ar.admin.mailStatus.notConfigured);
  await expect(box.getByRole('heading', { level: 2 })).toHaveText(ar.admin.mailStatus.heading);
  expect((await new AxeBuilder({ page }).include('[data-testid=mail-status]').analyze()).violations).toEqual([]);
});
