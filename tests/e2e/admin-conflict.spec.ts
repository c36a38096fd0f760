import { expect, test, type Browser, type Page } from '@playwright/test';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';

// Issue 27, Integrity: two people edit the same item at once. The second save is not silently
// lost over the first, nor does it silently undo it: it is refused, the form shows what is saved
// now with the fields that differ (theirs against yours), and "Re-apply my changes" puts the
// second person's edits back on top of the newer version, to save again.

const PREFIX = 'E2E-TEMP';
// A save on a machine busy with other specs can take more than the default 10 s.
const SAVE_MS = 30_000;

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/LogIn');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/Admin', { timeout: 10_000 });
  return page;
}

async function save(page: Page) {
  await page.getByTestId('submit').click();
  const dialog = page.locator('[data-testid=confirm-dialog][open]');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-button').click();
}

test.afterAll(async () => {
  await testDb.teamMember.deleteMany({ where: { nameEn: { startsWith: `${PREFIX} conflict` } } });
  await testDb.$disconnect();
});

test('two people save one team member: the second is told what changed and re-applies on top', async ({ browser }) => {
  // A demo member's photo file, so the form shows a real one (the row is deleted, the file stays).
  const photo = (await testDb.teamMember.findFirstOrThrow({ where: { image: { not: '' } }, orderBy: { id: 'asc' } })).image;
  const row = await testDb.teamMember.create({
    data: {
      nameEn: `${PREFIX} conflict ${unique('m')}`,
      nameAr: 'عضو',
      detailsEn: 'Details',
      detailsAr: 'تفاصيل',
      jobTitleEn: 'Engineer',
      jobTitleAr: 'مهندس',
      image: photo,
    },
  });
  const admin = await makeUser('admin');
  const [first, second] = [await signedIn(browser, admin.email), await signedIn(browser, admin.email)];
  for (const page of [first, second]) {
    await page.goto(`/Admin/Team/${row.id}`);
    await expect(page.locator('#field-jobTitleEn')).toHaveValue('Engineer');
  }

  // The first saves a new job title and Arabic name.
  await first.locator('#field-jobTitleEn').fill('Lighting designer');
  await first.locator('#field-nameAr').fill('مصمم');
  await save(first);
  await expect(first.getByText('Updated Successfully!')).toBeVisible({ timeout: SAVE_MS });
  await expect
    .poll(async () => (await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } })).jobTitleEn)
    .toBe('Lighting designer');

  // The second, still on the version both read, changes the job title and the details.
  await second.locator('#field-jobTitleEn').fill('Sound engineer');
  await second.locator('#field-detailsEn').fill('Runs the sound desk.');
  await save(second);
  const panel = second.getByTestId('version-conflict');
  await expect(panel).toBeVisible({ timeout: SAVE_MS });
  await expect(panel).toContainText('Someone else saved this while you were editing');
  await expect(panel).toBeFocused();
  // Field by field: saved now, and what this person sent.
  const rows = panel.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const pair = (name: string) => panel.getByTestId(`conflict-${name}`).locator('td');
  await expect(pair('jobTitleEn')).toHaveText(['Lighting designer', 'Sound engineer']);
  await expect(pair('detailsEn')).toHaveText(['Details', 'Runs the sound desk.']);
  await expect(pair('nameAr')).toHaveText(['مصمم', 'عضو']);
  await expect(panel.getByTestId('conflict-jobTitleEn').locator('th')).toHaveText('Job title');
  // Nothing of the second save was stored, and the form now shows the newer version.
  const stored = await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } });
  expect([stored.jobTitleEn, stored.detailsEn, stored.nameAr]).toEqual(['Lighting designer', 'Details', 'مصمم']);
  await expect(second.locator('#field-jobTitleEn')).toHaveValue('Lighting designer');
  await expect(second.locator('#field-nameAr')).toHaveValue('مصمم');
  await second.screenshot({ path: 'test-results/shots/integrity-conflict.png', fullPage: true });

  // Re-apply: this person's two edits come back; the other's Arabic name stays.
  await second.getByTestId('conflict-reapply').click();
  await expect(second.locator('#field-jobTitleEn')).toHaveValue('Sound engineer');
  await expect(second.locator('#field-detailsEn')).toHaveValue('Runs the sound desk.');
  await expect(second.locator('#field-nameAr')).toHaveValue('مصمم');
  await expect(panel).toContainText('Your changes are back in the form');
  await save(second);
  await expect(second.getByText('Updated Successfully!')).toBeVisible({ timeout: SAVE_MS });
  await expect
    .poll(async () => {
      const now = await testDb.teamMember.findUniqueOrThrow({ where: { id: row.id } });
      return [now.jobTitleEn, now.detailsEn, now.nameAr];
    })
    .toEqual(['Sound engineer', 'Runs the sound desk.', 'مصمم']);
});
