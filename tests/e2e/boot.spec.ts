import { expect, test, LOCALES, localePath, messages, waitForHydration } from './support';

// A cached page fetches and runs its scripts once the first contentful paint is on screen
// (lib/server/deferred-boot.mjs): the first frame never waits for JavaScript or shares the network
// with it, and the page still hydrates and answers.

declare global {
  interface Window {
    atFirstPaint?: { nextScripts: number; nextStarted: boolean };
  }
}

for (const locale of LOCALES) {
  for (const pagePath of ['/', '/TheTeam']) {
    const url = localePath(locale, pagePath);
    test(`${url}: no script is fetched, added or run before the first contentful paint, then the page hydrates (${locale})`, async ({
      page,
      request,
    }) => {
      // The first request after a start or a write renders the page; from the second it is cached.
      await request.get(url);
      // Registered before any page script, so this observer hears of the paint before the loader's.
      await page.addInitScript(() => {
        new PerformanceObserver((list, observer) => {
          if (!list.getEntriesByName('first-contentful-paint').length) return;
          observer.disconnect();
          window.atFirstPaint = {
            nextScripts: document.querySelectorAll('script[src^="/_next/static/"]:not([nomodule])').length,
            nextStarted: 'next' in window,
          };
        }).observe({ type: 'paint', buffered: true });
      });
      // A hydration mismatch (e.g. over the loader's script in <head>) is reported as a console error.
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(url);
      const toggle = page.getByTestId('theme-toggle');
      await waitForHydration(toggle);
      expect(await page.evaluate(() => window.atFirstPaint)).toEqual({ nextScripts: 0, nextStarted: false });
      const scripts = await page.evaluate(() => document.querySelectorAll('script[src^="/_next/static/"]:not([nomodule])').length);
      expect(scripts, 'the loader added the scripts').toBeGreaterThanOrEqual(3);
      const timing = await page.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        requested: performance
          .getEntriesByType('resource')
          .filter((entry) => /^\/_next\/static\/.+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => ({ name: entry.name, start: entry.startTime })),
      }));
      expect(timing.requested.length).toBeGreaterThanOrEqual(3);
      for (const script of timing.requested)
        expect(script.start, `${script.name} is requested after the first paint`).toBeGreaterThanOrEqual(timing.fcp);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-label', messages(locale).nav.themeToDark);
      expect(errors, 'no script or hydration errors').toEqual([]);
    });
  }
}
