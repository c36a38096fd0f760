import type { Page } from '@playwright/test';
import { expect, test, homeData, messages, waitForHydration } from './support';

// The hero slider: a new slide every 5 s, paused while hovered, arrow keys (mirrored in Arabic),
// and still under reduced motion. The page's clock is Playwright's, so no test waits 5 real seconds.

const slider = (page: Page) => page.getByTestId('hero-slider');

async function openHome(page: Page, url = '/') {
  await page.clock.install();
  await page.goto(url);
  // The timer starts once React has hydrated the slider.
  await waitForHydration(slider(page));
  // Freeze the page's clock, then restart the slider's timer from this frozen instant: hovering
  // pauses it and leaving starts a fresh 5-second interval.
  // (The target is a little ahead of the page's clock, which keeps running until the pause.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  await slider(page).hover();
  await page.mouse.move(5, 5); // over the header, outside the slider
  return Number(await slider(page).getAttribute('data-index'));
}

test('the slider advances every 5 seconds and wraps around', async ({ page, request }) => {
  const { slides } = await homeData(request);
  const n = slides.length;
  expect(n, 'seeded slides').toBeGreaterThanOrEqual(2);
  const start = await openHome(page);
  await page.clock.runFor(4_800);
  await expect(slider(page)).toHaveAttribute('data-index', String(start));
  await page.clock.runFor(400);
  await expect(slider(page)).toHaveAttribute('data-index', String((start + 1) % n));
  await expect(
    page.getByRole('button', { name: messages('en').home.goToSlide.replace('{number}', String(((start + 1) % n) + 1)), exact: true }),
  ).toHaveAttribute('aria-current', 'true');
  // A full round comes back to where it started.
  for (let i = 2; i <= n; i++) {
    await page.clock.runFor(5_000);
    await expect(slider(page)).toHaveAttribute('data-index', String((start + i) % n));
  }
});

test('after the page has loaded only the slide shown and its neighbours have their photo; moving on fetches the next one', async ({
  page,
  request,
}) => {
  const n = (await homeData(request)).slides.length;
  expect(n, 'seeded slides').toBeGreaterThanOrEqual(4);
  const start = await openHome(page);
  await page.waitForLoadState('load');
  const withPhoto = () =>
    slider(page)
      .locator('[role="group"]')
      .evaluateAll((groups) => groups.flatMap((group, i) => (group.querySelector('img') ? [i] : [])));
  const at = (offset: number) => (((start + offset) % n) + n) % n;
  await expect.poll(withPhoto).toEqual(expect.arrayContaining([at(-1), at(0), at(1)]));
  expect(await withPhoto(), 'the slide two ahead is not fetched yet').not.toContain(at(2));

  await page.getByRole('button', { name: messages('en').home.nextSlide, exact: true }).click();
  await expect(slider(page)).toHaveAttribute('data-index', String(at(1)));
  await expect.poll(withPhoto).toEqual(expect.arrayContaining([at(-1), at(0), at(1), at(2)]));
});

test('hovering the slider pauses it; leaving resumes it', async ({ page, request }) => {
  const n = (await homeData(request)).slides.length;
  const start = await openHome(page);
  await slider(page).hover();
  await page.clock.runFor(16_000);
  await expect(slider(page)).toHaveAttribute('data-index', String(start));
  await page.mouse.move(5, 5);
  await page.clock.runFor(5_100);
  await expect(slider(page)).toHaveAttribute('data-index', String((start + 1) % n));
});

/** Focus the slider's first dot and show slide 1 (focus also pauses the timer). */
async function focusFirstSlide(page: Page, locale: 'en' | 'ar') {
  const dot = page.getByRole('button', { name: messages(locale).home.goToSlide.replace('{number}', '1'), exact: true });
  await dot.focus();
  await dot.press('Enter');
  await expect(slider(page)).toHaveAttribute('data-index', '0');
}

test('arrow keys move the focused slider: → next and ← previous in English', async ({ page, request }) => {
  const { slides } = await homeData(request);
  await openHome(page);
  await focusFirstSlide(page, 'en');
  await page.keyboard.press('ArrowRight');
  await expect(slider(page)).toHaveAttribute('data-index', '1');
  await page.keyboard.press('ArrowRight');
  await expect(slider(page)).toHaveAttribute('data-index', '2');
  await page.keyboard.press('ArrowLeft');
  await expect(slider(page)).toHaveAttribute('data-index', '1');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(slider(page)).toHaveAttribute('data-index', String(slides.length - 1));
  // While focused it does not move by itself.
  await page.clock.runFor(11_000);
  await expect(slider(page)).toHaveAttribute('data-index', String(slides.length - 1));
});

test('arrow keys are mirrored in Arabic: ← next and → previous', async ({ page }) => {
  await openHome(page, '/ar');
  await focusFirstSlide(page, 'ar');
  await page.keyboard.press('ArrowLeft');
  await expect(slider(page)).toHaveAttribute('data-index', '1');
  await page.keyboard.press('ArrowLeft');
  await expect(slider(page)).toHaveAttribute('data-index', '2');
  await page.keyboard.press('ArrowRight');
  await expect(slider(page)).toHaveAttribute('data-index', '1');
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the slider does not advance by itself, but can still be moved by hand', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(slider(page));
    await expect(page.getByTestId('slider-pause')).toHaveAttribute('aria-pressed', 'true');
    await page.mouse.move(5, 5);
    await page.clock.runFor(16_000);
    await expect(slider(page)).toHaveAttribute('data-index', '0');
    await page.getByRole('button', { name: messages('en').home.nextSlide }).click();
    await expect(slider(page)).toHaveAttribute('data-index', '1');
    await page.mouse.move(5, 5);
    await page.clock.runFor(11_000);
    await expect(slider(page)).toHaveAttribute('data-index', '1');
  });
});

// Full screen means the slide ends where the screen does, so its controls are never cut off: on
// phones the header is taller (it carries the search box).
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}×${viewport.height} the slider fills the screen under the header, controls in view`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const header = (await page.locator('header').boundingBox())!;
    const box = (await slider(page).boundingBox())!;
    expect(Math.round(box.y)).toBe(Math.round(header.y + header.height));
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    const pause = (await page.getByTestId('slider-pause').boundingBox())!;
    expect(pause.y + pause.height).toBeLessThanOrEqual(viewport.height);
    // Nothing covers a control (the floating mail button sits in the bottom corner): a tap at
    // each one's centre reaches it.
    const covered = await slider(page)
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .filter((button) => {
            const r = button.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return !hit || !button.contains(hit);
          })
          .map((button) => button.getAttribute('aria-label')),
      );
    expect(covered).toEqual([]);
  });
}
