import { expect, test, LOCALES, localePath, messages, waitForHydration } from './support';

// Public-site friction of issue 27 (point 7), one assertion each, on a 375 px phone in both
// languages: the floating buttons never sit over the field being filled nor the footer's text,
// the phone menu holds focus while open, and every page's title carries the brand.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const locale of LOCALES) {
  test(`${locale} at 375px: the floating buttons cover neither the last form field being filled nor the footer's text`, async ({
    page,
  }) => {
    const m = messages(locale);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(localePath(locale, '/ContactUs'));
    // Both floating buttons (WhatsApp and mail), by the class that moves them aside.
    const floating = page.locator('.floating-action');
    await expect(floating).toHaveCount(2);
    await expect(floating.last()).toHaveAccessibleName(m.nav.mailUs);
    const buttons = [floating.first(), floating.last()];
    // The quote form's last field, brought to the bottom of the screen, where the buttons float.
    const field = page.locator('main form textarea').last();
    await field.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await field.focus();
    for (const button of buttons) {
      // Out of the way while a field has focus: no box at all.
      await expect(button).toBeHidden();
      expect(await button.boundingBox()).toBeNull();
    }
    await field.blur();
    // A service's box scrolled to the bottom of the screen, not focused: the buttons step aside
    // (a tap meant for the box must not open WhatsApp).
    const box = page.locator('main form input[type=checkbox]').last();
    await box.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 10));
    for (const button of buttons) await expect(button).toBeHidden();
    // At the page's end they are back, over the footer's room, not over its text.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (const testId of ['footer-rights', 'footer-pages', 'footer-office']) {
      const text = (await page.getByTestId(testId).boundingBox())!;
      for (const button of buttons) {
        await expect(button).toBeVisible();
        const box = (await button.boundingBox())!;
        expect(overlaps(box, text), `${testId} ${JSON.stringify(text)} / ${JSON.stringify(box)}`).toBe(false);
      }
    }
  });

  test(`${locale} at 375px: the open phone menu holds focus (Tab cycles inside it), Escape closes it and focus is back on its button`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(localePath(locale, '/AboutUs'));
    const button = page.getByTestId('menu-button');
    await waitForHydration(button);
    await button.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    const stops = (await menu.locator('a[href], button').count()) + 1;
    const inside = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return !!active && (!!active.closest('#mobile-menu') || active.matches('[popovertarget="mobile-menu"]'));
      });
    // Twice round, forwards and backwards: every stop is the menu's or its button.
    for (let i = 0; i < stops * 2; i++) {
      await page.keyboard.press('Tab');
      expect(await inside(), `Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside(), `Shift+Tab ${i + 1}`).toBe(true);
    }
    // The page behind it is inert while it is open.
    await expect(page.locator('main')).toHaveAttribute('inert', '');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page.locator('main')).not.toHaveAttribute('inert', '');
  });

  test(`${locale}: every page's title carries the brand (public pages, sign-in, sign-up, thank-you, 404)`, async ({ page }) => {
    const m = messages(locale);
    const brand = m.meta.siteName;
    for (const path of [
      '/',
      '/Services',
      '/TheTeam',
      '/AboutUs',
      '/ContactUs',
      '/Projects',
      '/LogIn',
      '/SignUp',
      '/ForgotPassword',
      '/ContactUs/Thanks',
    ]) {
      await page.goto(localePath(locale, path));
      expect(await page.title(), path).toContain(brand);
    }
    await page.goto(localePath(locale, '/LogIn'));
    await expect(page).toHaveTitle(m.meta.titleFormat.replace('{page}', m.auth.signInTitle).replace('{site}', brand));
    const missing = await page.goto(localePath(locale, '/no-such-page'));
    expect(missing?.status()).toBe(404);
    await expect(page).toHaveTitle(m.meta.titleFormat.replace('{page}', m.meta.notFound.title).replace('{site}', brand));
  });
}
