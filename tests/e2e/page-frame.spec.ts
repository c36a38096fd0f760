import { expect, test, LOCALES, localePath, messages } from './support';

// The frame around every public page: the footer closes the screen on a short page, the floating
// mail button never hides its line, and left-to-right fields show an Arabic hint from the right.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('on a short page the footer sits at the bottom of the screen, not in the middle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/AboutUs');
  const footer = (await page.getByRole('contentinfo').boundingBox())!;
  expect(footer.y + footer.height).toBeGreaterThanOrEqual(1000 - 1);
});

for (const locale of LOCALES) {
  for (const width of [375, 1280]) {
    test(`${locale} at ${width}px: the mail button leaves the footer's line readable`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(localePath(locale, '/AboutUs'));
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // The text itself, not its paragraph (a block as wide as the page).
      const line = await page
        .getByRole('contentinfo')
        .getByTestId('footer-rights')
        .evaluate((p) => {
          const range = document.createRange();
          range.selectNodeContents(p);
          const { x, y, width, height } = range.getBoundingClientRect();
          return { x, y, width, height };
        });
      // The floating button comes after the header's "Contact Us" (same name and target).
      const button = (await page
        .getByRole('link', { name: messages(locale).nav.mailUs })
        .last()
        .boundingBox())!;
      expect(overlaps(line, button), `line ${JSON.stringify(line)} / button ${JSON.stringify(button)}`).toBe(false);
    });
  }
}

test('an email field in Arabic shows its hint from the right, and the address left to right', async ({ page }) => {
  await page.goto('/ar/LogIn');
  const email = page.getByLabel(messages('ar').auth.emailLabel);
  const direction = () => email.evaluate((el) => getComputedStyle(el).direction);
  await expect.poll(direction).toBe('rtl');
  await email.fill('someone@example.com');
  await expect.poll(direction).toBe('ltr');
});
