import type { Locator, Page } from '@playwright/test';
import { expect, test, homeData, LOCALES, localePath, messages, waitForHydration, type HomeData, type Locale } from './support';

// The member dialog on The Team: content in the page's language, three ways to close it, focus
// handed back to the card that opened it, and focus kept away from the page behind it.

const MEMBER = 'Layla Al Hashimi'; // a seeded member that is not the first card

function member(data: HomeData) {
  const m = data.team.find((t) => t.name === MEMBER);
  expect(m, `seeded member ${MEMBER}`).toBeTruthy();
  return m!;
}

async function openMember(page: Page, locale: Locale, name: string) {
  await page.goto(localePath(locale, '/TheTeam'));
  const card = page.getByTestId('team-card').filter({ has: page.getByText(name, { exact: true }) });
  await expect(card).toHaveCount(1);
  await waitForHydration(card);
  await card.click();
  // One dialog per member is in the page; the open one is this member's.
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toHaveCount(1);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('data-testid', 'team-modal');
  return { card, dialog };
}

/** A description of the focused element. */
const focusOn = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? null, testId: el?.getAttribute('data-testid') ?? null, inDialog: !!el?.closest('dialog') };
  });

async function expectFocusBackOn(page: Page, card: Locator) {
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect(page.getByTestId('team-modal').filter({ visible: true })).toHaveCount(0);
  await expect(card).toBeFocused();
}

for (const locale of LOCALES) {
  test(`the dialog shows the member in ${locale} and the X closes it, focus back on the card`, async ({ page, request }) => {
    const m = member(await homeData(request));
    const pick = (en: string, ar: string) => (locale === 'ar' ? ar : en);
    const name = pick(m.name, m.namear);
    const { card, dialog } = await openMember(page, locale, name);
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(dialog).toContainText(pick(m.dec, m.decar));
    await expect(dialog).toContainText(pick(m.details, m.detailsar));
    await expect(dialog).not.toContainText(pick(m.namear, m.name));
    await expect(page.getByRole('dialog', { name })).toBeVisible();

    const close = dialog.getByTestId('team-modal-close');
    await expect(close).toHaveAccessibleName(messages(locale).team.close);
    await close.click();
    await expectFocusBackOn(page, card);
  });
}

test('a click on the backdrop closes the dialog and focus returns to the card', async ({ page, request }) => {
  const m = member(await homeData(request));
  const { card, dialog } = await openMember(page, 'en', m.name);
  // A click inside the dialog does not close it.
  await dialog.getByRole('heading', { level: 2 }).click();
  await expect(dialog).toBeVisible();
  const { height } = page.viewportSize()!;
  await page.mouse.click(8, height - 8);
  await expectFocusBackOn(page, card);
});

test('Esc closes the dialog and focus returns to the card (Arabic)', async ({ page, request }) => {
  const m = member(await homeData(request));
  const { card } = await openMember(page, 'ar', m.namear);
  await page.keyboard.press('Escape');
  await expectFocusBackOn(page, card);
});

test('while the dialog is open, Tab and Shift+Tab never reach the page behind it', async ({ page, request }) => {
  const m = member(await homeData(request));
  await openMember(page, 'en', m.name);
  const seen: string[] = [];
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Tab']) {
    await page.keyboard.press(key);
    const f = await focusOn(page);
    // The native modal dialog makes the page inert: focus is inside the dialog or, between two
    // rounds, in the browser's own UI (no element of the document is focused then).
    expect(f.inDialog || f.tag === 'BODY' || f.tag === null, `${key} moved focus to ${JSON.stringify(f)}`).toBe(true);
    if (f.inDialog) seen.push(f.testId ?? f.tag!);
  }
  expect(seen, 'focus cycles back to the close button').toContain('team-modal-close');
  await expect(page.locator('dialog[open]')).toHaveCount(1);
});

for (const [width, height] of [
  [375, 812],
  [1280, 800],
] as const) {
  test(`the dialog shows the whole square photo and fits a ${width}×${height} screen`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    const m = member(await homeData(request));
    const { dialog } = await openMember(page, 'en', m.name);
    const photo = dialog.getByRole('img', { name: new RegExp(m.name) });
    await expect(photo).toBeVisible();
    // The cards' square photos used to be cut to 4:3 here (chins and badges lost).
    const box = (await photo.boundingBox())!;
    expect(Math.abs(box.width - box.height), `photo ${box.width}×${box.height}`).toBeLessThanOrEqual(1);
    const frame = (await dialog.boundingBox())!;
    expect(frame.height, 'the dialog fits the screen without scrolling').toBeLessThanOrEqual(height);
  });
}
