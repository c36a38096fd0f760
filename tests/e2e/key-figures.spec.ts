import { parseFigures } from '../../lib/settings/figures';
import { expect, localePath, messages, test } from './support';

// Issue 37 item 2 as a visitor meets it: the demo's key figures on Home and About, in Arabic on a
// 375 px phone (two to a row, the numbers left to right) and in English on a desktop (four to a
// row), without scripts too. Saved ones on the next request: tests/integration/key-figures.test.ts.

for (const [locale, viewport, path] of [
  ['ar', { width: 375, height: 740 }, '/'],
  ['ar', { width: 375, height: 740 }, '/AboutUs'],
  ['en', { width: 1280, height: 800 }, '/'],
] as const) {
  test(`the key figures on ${path} (${locale}, ${viewport.width} px, without scripts)`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(localePath(locale, path));
    const expected = parseFigures(messages(locale).home.figures);
    const figures = page.getByTestId('key-figure');
    await expect(figures).toHaveCount(expected.length);
    expect(await figures.locator('dd').allInnerTexts()).toEqual(expected.map((figure) => figure.value));
    expect(await figures.locator('dt').allInnerTexts()).toEqual(expected.map((figure) => figure.label));
    // Two to a row on a phone, four on a desktop: the first and the second side by side, the third under them on a phone.
    const [first, second, third] = await Promise.all([0, 1, 2].map((i) => figures.nth(i).boundingBox()));
    expect(first!.y).toBe(second!.y);
    if (viewport.width < 768) expect(third!.y).toBeGreaterThan(first!.y);
    else expect(third!.y).toBe(first!.y);
    // In Arabic the first figure is on the right.
    if (locale === 'ar') expect(first!.x).toBeGreaterThan(second!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await context.close();
  });
}
