import type { Page } from '@playwright/test';
import { testDb } from '../helpers/db';
import { unique } from '../helpers/api';
import { expect, messages, test, waitForHydration, waitForOverlays } from './support';
import { signedInAs } from './sign-in';

// Issue 37 item 2 as people meet it. Staff add a client's words from the back office in Arabic on
// a 375 px phone, pasting the project's address, and see them on the Arabic Home, the project and
// the service; then delete them. A visitor's showreel asks the video site for nothing until play is
// pressed; then its player loads, started, or muted and paused when the system asks for reduced
// motion. Over HTTP without scripts: tests/integration/proof.test.ts. In the admin project: it
// changes Home for a while.

const ar = messages('ar');
const PROVIDER = /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)$/;

test.afterAll(async () => {
  await testDb.$disconnect();
});

const openDialog = (page: Page) => page.locator('[data-testid=confirm-dialog][open]');

test('staff add a testimonial in Arabic on a phone; it shows on the Arabic Home, its project and its service; deleted, it is gone', async ({
  browser,
}) => {
  const project = await testDb.event.findFirstOrThrow({ where: { published: true }, orderBy: { id: 'asc' }, include: { client: true } });
  const service = await testDb.service.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const { context, page } = await signedInAs(browser, 'admin', 'ar', { viewport: { width: 375, height: 740 } });
  const area = ar.admin.areas.testimonials;
  const quote = unique('كان كل شيء في موعده تمامًا');
  await page.goto('/ar/Admin/CreateTestimonial');
  await waitForHydration(page.getByTestId('submit'));
  await page.getByLabel(area.fields.quoteEn, { exact: true }).fill(`${quote} (en)`);
  await page.getByLabel(area.fields.quoteAr, { exact: true }).fill(quote);
  await page.getByLabel(area.fields.personEn, { exact: true }).fill('Mariam Al Falasi');
  await page.getByLabel(area.fields.personAr, { exact: true }).fill('مريم الفلاسي');
  await page.getByLabel(area.fields.clientId, { exact: true }).selectOption(String(project.clientId));
  // The whole address as copied from the browser's bar.
  await page.getByLabel(area.fields.projectSlug, { exact: true }).fill(`http://127.0.0.1/ar/Projects/${project.slug}`);
  await page.getByRole('checkbox', { name: service.titleAr }).check();
  // Nothing on the form is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.getByTestId('submit').click();
  await expect(openDialog(page)).toBeVisible();
  await openDialog(page).getByTestId('confirm-button').click();
  await expect(page.getByText(area.created)).toBeVisible();
  await page.waitForURL('**/ar/Admin/Testimonials');
  await expect(page.getByTestId('item-card').filter({ hasText: quote })).toContainText('مريم الفلاسي');

  const site = await context.newPage();
  for (const path of ['/ar', `/ar/Projects/${project.slug}`, `/ar/Services/${service.slug}`]) {
    await site.goto(path);
    const card = site.getByTestId('testimonial').filter({ hasText: quote });
    await expect(card, path).toBeVisible();
    await expect(card.getByTestId('testimonial-person'), path).toHaveText('مريم الفلاسي');
    // Right to left: the person's line starts at the card's right edge.
    const [box, person] = await Promise.all([card.boundingBox(), card.getByTestId('testimonial-person').boundingBox()]);
    expect(box!.x + box!.width - (person!.x + person!.width), path).toBeLessThan(box!.width / 2);
    expect(await site.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBe(0);
  }

  await page.getByTestId('item-card').filter({ hasText: quote }).locator('button[data-testid=delete]').click();
  await openDialog(page).getByTestId('confirm-button').click();
  await expect(page.getByText(area.deleted)).toBeVisible();
  await site.goto('/ar');
  await expect(site.getByTestId('testimonial').filter({ hasText: quote })).toHaveCount(0);
  await context.close();
});

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`the showreel asks the video site for nothing before play; play loads its player ${reducedMotion === 'reduce' ? 'muted and paused (reduced motion)' : 'started'}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ reducedMotion, viewport: { width: 1280, height: 800 } });
    const asked: string[] = [];
    context.on('request', (request) => {
      if (PROVIDER.test(new URL(request.url()).hostname)) asked.push(request.url());
    });
    // No internet here: the player's address answers an empty page, so the frame's load is seen.
    await context.route(/youtube-nocookie\.com|player\.vimeo\.com/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    const page = await context.newPage();
    await page.goto('/');
    await waitForOverlays(page);
    const showreel = page.getByTestId('showreel');
    await showreel.scrollIntoViewIfNeeded();
    await expect(showreel.getByRole('heading', { level: 2 })).toHaveText(messages('en').proof.showreelHeading);
    const play = showreel.locator('button[data-testid=video-poster]');
    await expect(play).toBeVisible();
    await waitForHydration(play);
    await expect(showreel.getByTestId('showreel-poster')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    await play.click();
    const frame = showreel.getByTestId('video-frame');
    await expect(frame).toBeVisible();
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toMatch(
      reducedMotion === 'reduce'
        ? /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?mute=1|player\.vimeo\.com\/video\/\d+\?dnt=1&muted=1)$/
        : /^https:\/\/(www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1|player\.vimeo\.com\/video\/\d+\?dnt=1&autoplay=1)$/,
    );
    await expect.poll(() => asked).toContain(src);
    // Focus follows the video into its player.
    await expect(frame).toBeFocused();
    await context.close();
  });
}
