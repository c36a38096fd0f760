import { expect, test, LOCALES, localePath, messages, waitForHydration } from './support';

// A cached page starts its scripts once the first contentful paint is on screen
// (lib/server/deferred-boot.mjs): the content never waits for JavaScript, and the page still
// hydrates and answers.

for (const locale of LOCALES) {
  for (const pagePath of ['/', '/TheTeam']) {
    const url = localePath(locale, pagePath);
    test(`${url}: scripts are fetched only after the first contentful paint, then the page hydrates (${locale})`, async ({ page, request }) => {
      // The first request after a start or a write renders the page; from the second it is cached.
      await request.get(url);
      // A hydration mismatch (e.g. over the loader's script in <head>) is reported as a console error.
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(url);
      const toggle = page.getByTestId('theme-toggle');
      await waitForHydration(toggle);
      const timing = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/_next\/static\/.+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ name: entry.name, start: entry.startTime })),
      }));
      expect(timing.fcp, 'first contentful paint').not.toBeNull();
      expect(timing.scripts.length).toBeGreaterThanOrEqual(3);
      for (const script of timing.scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(timing.fcp!);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-label', messages(locale).nav.themeToDark);
      expect(errors, 'no script or hydration errors').toEqual([]);
    });
  }
}
