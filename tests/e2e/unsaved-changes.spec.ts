import { expect, messages, test, waitForHydration } from './support';
import { signedIn } from './sign-in';
import { testDb } from '../helpers/db';

// Issue 35, item 1: nothing typed in the back office is lost by leaving. On a 375 px phone in
// Arabic, a half-filled new team member: "Back to the list", a link of the menu and the browser's
// Back each ask first (staying keeps what was typed); closing the tab gets the browser's own
// question; after leaving anyway, the form offers the draft back and restoring it fills the
// fields again. A form with nothing changed leaves without a question. Nothing is saved.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const NAME = `unsaved-guard-${process.pid}-${Date.now()}`;

test.afterAll(async () => {
  // The test never saves: this proves it.
  expect(await testDb.teamMember.count({ where: { nameEn: NAME } })).toBe(0);
  await testDb.$disconnect();
});

test('a half-filled form asks before Back, a link and the menu; the tab keeps a draft that can be restored', async ({ browser }) => {
  const ar = messages('ar');
  const words = ar.admin.unsaved;
  const { page } = await signedIn(browser, { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await page.goto('/ar/Admin/CreateTeam');
  const form = page.getByTestId('item-form');
  await waitForHydration(form);
  const name = page.locator('#field-nameEn');
  await name.fill(NAME);
  const question = page.locator('[data-testid=unsaved-dialog][open]');

  // "Back to the list": asked, and staying keeps the screen and what was typed.
  await page.getByRole('link', { name: ar.admin.backToList }).click();
  await expect(question).toBeVisible();
  await expect(question.getByRole('heading')).toHaveText(words.title);
  await expect(question.getByTestId('confirm-button')).toHaveText(words.leave);
  await question.getByTestId('cancel-button').click();
  await expect(question).toBeHidden();
  expect(new URL(page.url()).pathname).toBe('/ar/Admin/CreateTeam');
  await expect(name).toHaveValue(NAME);

  // A link of the menu (the phone's section switcher).
  await page.getByTestId('admin-menu-toggle').click();
  await page.locator('#admin-menu-dropdown a:not([href*="Team"])').first().click();
  await expect(question).toBeVisible();
  await question.getByTestId('cancel-button').click();
  expect(new URL(page.url()).pathname).toBe('/ar/Admin/CreateTeam');
  await expect(name).toHaveValue(NAME);

  // The browser's Back.
  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByTestId('cancel-button').click();
  expect(new URL(page.url()).pathname).toBe('/ar/Admin/CreateTeam');
  await expect(name).toHaveValue(NAME);

  // Closing the tab: the browser's own question (dismissed: the tab stays).
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.type();
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  // Leaving anyway (an accidental "Leave"), then coming back: the draft is offered and restored.
  await page.getByRole('link', { name: ar.admin.backToList }).click();
  await question.getByTestId('confirm-button').click();
  await page.waitForURL('**/ar/Admin/Teams');
  await page.goto('/ar/Admin/CreateTeam');
  await waitForHydration(page.getByTestId('item-form'));
  const notice = page.getByTestId('draft-notice');
  await expect(notice).toBeVisible();
  await expect(page.locator('#field-nameEn')).toHaveValue('');
  await notice.getByTestId('draft-restore').click();
  await expect(page.locator('#field-nameEn')).toHaveValue(NAME);
  await expect(notice).toBeHidden();

  // Discarding the draft: the form is as drawn, and leaving it asks nothing. (The restored draft
  // is unsaved, so the reload gets the browser's question: accepted.)
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await waitForHydration(page.getByTestId('item-form'));
  await page.getByTestId('draft-notice').getByTestId('draft-discard').click();
  await expect(page.getByTestId('draft-notice')).toBeHidden();
  await page.getByRole('link', { name: ar.admin.backToList }).click();
  await page.waitForURL('**/ar/Admin/Teams');
  await expect(question).toHaveCount(0);
});
