import AxeBuilder from '@axe-core/playwright';
import { expect, test, LOCALES, localePath, PUBLIC_PAGES, waitForHydration, waitForOverlays } from './support';

// axe-core on every public page, in both languages and both themes: no serious or critical issue.

for (const theme of ['dark', 'light'] as const) {
  for (const locale of LOCALES) {
    for (const { path } of PUBLIC_PAGES) {
      const url = localePath(locale, path);
      test(`axe: ${url} in the ${theme} theme has no serious or critical violations`, async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.goto(url);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        await waitForHydration(page.getByTestId('theme-toggle'));
        await waitForOverlays(page);

        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const report = serious.map(
          (v) =>
            `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n` +
            v.nodes
              .map((n) => `    ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${n.failureSummary?.replace(/\s*\n\s*/g, ' ')}`)
              .join('\n'),
        );
        expect(report, `axe found on ${url} (${theme}):\n${report.join('\n')}`).toEqual([]);
        // The scan did run over the page's content.
        expect(results.passes.length).toBeGreaterThan(10);
      });
    }
  }
}

// The sign-in screens and the 404 are public too (the back office has its own scan in admin.spec).
for (const theme of ['dark', 'light'] as const) {
  for (const locale of LOCALES) {
    for (const path of ['/LogIn', '/SignUp', '/no-such-page']) {
      const url = localePath(locale, path);
      test(`axe: ${url} in the ${theme} theme has no serious or critical violations`, async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.goto(url);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await waitForHydration(page.locator('a[href]').first());
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        const report = serious.map(
          (v) => `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} ${n.html.slice(0, 160)}`).join('\n')}`,
        );
        expect(report, `axe found on ${url} (${theme}):\n${report.join('\n')}`).toEqual([]);
        expect(results.passes.length).toBeGreaterThan(10);
      });
    }
  }
}
