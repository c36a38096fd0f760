import { expect, test } from '@playwright/test';
import { testDb } from '../helpers/db';
import { LOCALES, localePath, messages } from './support';
import { signedIn } from './sign-in';

// Issue 27's friction items that need a change of content or a signed-in screen: a team member
// without a photo shows their initials (public grid and back-office card), a 60-character word
// wraps inside a phone's card, and the back office's tab carries the brand. Runs in the "admin"
// project (the member is shared state for a while); the member is deleted at the end.
test.describe.configure({ mode: 'default' });

const LONG_WORD = `Q${'x'.repeat(59)}`;
const MEMBER = { nameEn: `${LONG_WORD} Rahman`, nameAr: `${LONG_WORD} رحمن`, jobTitleEn: 'Z'.repeat(60), detailsEn: 'Lights.' };

test.afterAll(async ({ browser }) => {
  if (await testDb.teamMember.count({ where: { nameEn: MEMBER.nameEn } })) {
    const admin = (await signedIn(browser, { viewport: { width: 375, height: 812 } })).page;
    await admin.goto('/Admin/Teams');
    await admin.getByTestId('item-card').filter({ hasText: MEMBER.jobTitleEn }).locator('button[data-testid=delete]').click();
    await admin.locator('[data-testid=confirm-dialog][open]').getByTestId('confirm-button').click();
    await expect.poll(() => testDb.teamMember.count({ where: { nameEn: MEMBER.nameEn } })).toBe(0);
  }
  await testDb.$disconnect();
});

test('a member without a photo: initials on the public grid and the back-office card; a 60-character word wraps on a 375 px card; the back office is branded', async ({
  browser,
}) => {
  const t = messages('en').admin.areas.team;
  const admin = (await signedIn(browser, { viewport: { width: 375, height: 812 } })).page;
  // The tab names the screen (issue 35): "Dashboard · Back office | 7Stars Event".
  const en = messages('en');
  await expect(admin).toHaveTitle(`${en.admin.tabTitle.replace('{screen}', en.admin.tabs.dashboard)} | ${en.meta.siteName}`);
  await admin.goto('/Admin/CreateTeam');
  await admin.getByLabel(t.fields.nameEn, { exact: true }).fill(MEMBER.nameEn);
  await admin.getByLabel(t.fields.nameAr).fill(MEMBER.nameAr);
  await admin.getByLabel(t.fields.jobTitleEn, { exact: true }).fill(MEMBER.jobTitleEn);
  await admin.getByLabel(t.fields.detailsEn, { exact: true }).fill(MEMBER.detailsEn);
  await admin.getByTestId('submit').click();
  await admin.locator('[data-testid=confirm-dialog][open]').getByTestId('confirm-button').click();
  await admin.waitForURL('**/Admin/Teams');
  const adminCard = admin.getByTestId('item-card').filter({ hasText: MEMBER.jobTitleEn });
  await expect(adminCard.getByTestId('initials-avatar')).toHaveText('QR');
  // The card keeps to the phone's width: the title wraps.
  expect(await adminCard.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);

  for (const locale of LOCALES) {
    const visitor = await (await browser.newContext({ viewport: { width: 375, height: 812 } })).newPage();
    await visitor.goto(localePath(locale, '/TheTeam'));
    const card = visitor.getByTestId('team-card').filter({ hasText: LONG_WORD });
    await expect(card.getByTestId('initials-avatar')).toHaveText(locale === 'ar' ? 'Qر' : 'QR');
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await card.getByTestId('team-card-name').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await visitor.context().close();
  }
});
