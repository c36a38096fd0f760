import { TIMINGS } from '../../lib/timings';
import { expect, LOCALES, localePath, messages, test } from './support';

// The 1-second spinners over Home and Services (spec §4): in the server HTML, gone after the spec's
// duration, and animated without the compositor (see app/globals.css: a compositor animation at
// first paint delayed the whole first frame by a second in Chromium).

const OVERLAYS = [
  { path: '/', ms: TIMINGS.homeSpinnerMs, label: (l: (typeof LOCALES)[number]) => messages(l).home.loading as string },
  { path: '/Services', ms: TIMINGS.servicesSpinnerMinMs, label: (l: (typeof LOCALES)[number]) => messages(l).services.loading as string },
];
/** What the loading animations may change: custom properties and visibility, never opacity or transforms. */
const ALLOWED = /^(--[\w-]+|visibility)$/;

for (const locale of LOCALES) {
  for (const overlay of OVERLAYS) {
    const url = localePath(locale, overlay.path);
    test(`${url}: the loading overlay says what is loading, lasts ${overlay.ms} ms, animates off the compositor, then hides and stops animating`, async ({
      page,
    }) => {
      await page.goto(url, { waitUntil: 'commit' });
      const layer = page.locator('.timed-overlay');
      await expect(layer).toHaveCount(1);
      // Located by attribute: on a slow first load the overlay may already have hidden itself.
      await expect(layer.locator('[role="status"]')).toHaveText(overlay.label(locale));
      expect(await layer.evaluate((el) => getComputedStyle(el).animationDelay)).toBe(`${overlay.ms / 1000}s`);

      // Read from the style sheets, not from the running animations: on a slow first load the
      // ring's counted turns may already be over, and a finished animation is no longer listed.
      const animations = await layer.evaluate((el) => {
        const flat = (rules: CSSRule[]): CSSRule[] => rules.flatMap((r) => (r instanceof CSSGroupingRule ? flat([...r.cssRules]) : [r]));
        const keyframes = flat([...el.ownerDocument.styleSheets].flatMap((sheet) => [...sheet.cssRules])).filter(
          (r): r is CSSKeyframesRule => r instanceof CSSKeyframesRule,
        );
        return [el, ...el.querySelectorAll('*')].flatMap((node) => {
          const style = getComputedStyle(node);
          if (style.animationName === 'none') return [];
          return style.animationName.split(', ').map((name) => ({
            name,
            iterations: style.animationIterationCount,
            properties: [...(keyframes.find((k) => k.name === name)?.cssRules ?? [])].flatMap((frame) => [
              ...(frame as CSSKeyframeRule).style,
            ]),
          }));
        });
      });
      // The fade-out and the spinning ring (the ring stops under reduced motion, not here).
      expect(animations.map((a) => a.name).sort()).toEqual(['overlay-out', 'spinner-turn']);
      for (const animation of animations) {
        expect(animation.properties.length, `${animation.name} keyframes found`).toBeGreaterThan(0);
        expect(
          animation.properties.filter((p) => !ALLOWED.test(p)),
          animation.name,
        ).toEqual([]);
        // Every animation in the overlay ends by itself: the ring's turns are counted.
        expect(animation.iterations, animation.name).not.toBe('infinite');
      }

      await expect(layer).toBeHidden({ timeout: overlay.ms + 4_000 });
      // A hidden element's animations keep running, and each of their frames costs the main
      // thread: once the overlay is gone, nothing in it may still be animating.
      const running = () =>
        layer.evaluate((el) =>
          el.ownerDocument
            .getAnimations()
            .filter(
              (a) =>
                a.playState === 'running' &&
                a.effect instanceof KeyframeEffect &&
                a.effect.target instanceof Element &&
                el.contains(a.effect.target),
            )
            .map((a) => (a as CSSAnimation).animationName),
        );
      await expect.poll(running, { timeout: 5_000 }).toEqual([]);
    });
  }
}

test.describe('under reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('the spinner ring stands still and the overlay still goes away', async ({ page }) => {
    await page.goto('/', { waitUntil: 'commit' });
    const ring = page.locator('.timed-overlay .spinner-ring');
    await expect(ring).toHaveCount(1);
    expect(await ring.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(page.locator('.timed-overlay')).toBeHidden({ timeout: TIMINGS.homeSpinnerMs + 4_000 });
  });
});
