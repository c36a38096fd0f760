import { call, imageFile, userWithToken } from '../helpers/api';
import { testDb } from '../helpers/db';
import { expect, localePath, messages, test, TEMP_PREFIX, touchDrag, waitForHydration, type Locale } from './support';

// Issue 25: the portfolio as a visitor meets it, in both languages, on a phone and a desktop.
// One worker runs the file in order: its set-up (a gallery and a video on a seeded project) and
// clean-up must not run in a second worker while the first still needs them.
test.describe.configure({ mode: 'default' });

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** A seeded project given a 5-photo gallery (its own image, reused) and a video, for this file. */
async function showcase() {
  const row = await testDb.event.findFirstOrThrow({ where: { published: true }, orderBy: { id: 'asc' } });
  const gallery = Array.from({ length: 5 }, (_, i) => ({
    file: row.image!,
    width: 1600,
    height: 1067,
    altEn: `Photo ${i + 1} of the stage`,
    altAr: `الصورة ${i + 1} للمسرح`,
    captionEn: '',
    captionAr: '',
  }));
  await testDb.event.update({ where: { id: row.id }, data: { gallery, videos: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'] } });
  return row;
}

let project: Awaited<ReturnType<typeof showcase>>;
test.beforeAll(async () => {
  project = await showcase();
});
test.afterAll(async () => {
  await testDb.event.update({ where: { id: project.id }, data: { gallery: [], videos: [] } });
});

for (const locale of ['en', 'ar'] as Locale[]) {
  for (const viewport of VIEWPORTS) {
    test(`${locale} ${viewport.name}: from Home to a project, its client's and a service's projects`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(localePath(locale, '/'));
      await page.getByTestId('all-projects').click();
      await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/Projects')}$`));
      await page.getByTestId('project-link').first().click();
      await expect(page.getByTestId('project-page')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      const client = await page.getByTestId('project-client').innerText();
      await page.getByTestId('project-client').click();
      await expect(page).toHaveURL(/client=\d+/);
      await expect(page.getByTestId('project-link').first()).toBeVisible();
      await page.goBack();
      expect(await page.getByTestId('project-client').innerText()).toBe(client);
      await page.getByTestId('project-service').first().click();
      await expect(page).toHaveURL(/service=\d+/);
      await expect(page.getByTestId('projects-grid')).toBeVisible();
    });
  }

  test(`${locale}: the gallery lightbox by keyboard, focus back on the thumbnail; the video loads only on a tap`, async ({ page }) => {
    const frames: string[] = [];
    page.on('request', (request) => {
      if (/youtube|vimeo/.test(request.url())) frames.push(request.url());
    });
    await page.goto(localePath(locale, `/Projects/${project.slug}`));
    const thumbnails = page.getByTestId('gallery-thumbnail');
    await expect(thumbnails).toHaveCount(5);
    await waitForHydration(page.getByTestId('project-gallery'));
    await thumbnails.nth(1).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const alt = (n: number) => (locale === 'ar' ? `الصورة ${n} للمسرح` : `Photo ${n} of the stage`);
    await expect(dialog.getByRole('img')).toHaveAttribute('alt', alt(2));
    // Next is → in English and ← in Arabic (mirrored, like the slider).
    await page.keyboard.press(locale === 'ar' ? 'ArrowLeft' : 'ArrowRight');
    await expect(dialog.getByRole('img')).toHaveAttribute('alt', alt(3));
    await page.keyboard.press('End');
    await expect(dialog.getByRole('img')).toHaveAttribute('alt', alt(5));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(thumbnails.nth(1)).toBeFocused();

    expect(frames).toEqual([]);
    await page.getByRole('button', { name: /Play video|تشغيل الفيديو/ }).click();
    const frame = page.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]');
    await expect(frame).toHaveCount(1);
  });
}

test.describe('on a 375 px touch phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  for (const locale of ['en', 'ar'] as Locale[]) {
    test(`${locale}: a swipe in the lightbox goes to the next or previous photo, in the reading direction`, async ({ page }) => {
      await page.goto(localePath(locale, `/Projects/${project.slug}`));
      const thumbnails = page.getByTestId('gallery-thumbnail');
      await expect(thumbnails).toHaveCount(5);
      await waitForHydration(page.getByTestId('project-gallery'));
      await thumbnails.nth(1).tap();
      const dialog = page.getByRole('dialog');
      const image = dialog.getByRole('img');
      const alt = (n: number) => (locale === 'ar' ? `الصورة ${n} للمسرح` : `Photo ${n} of the stage`);
      await expect(image).toHaveAttribute('alt', alt(2));
      // A finger across the photo, above the arrow buttons (they sit at its middle height).
      const box = (await image.boundingBox())!;
      const y = box.y + box.height * 0.3;
      const left = { x: box.x + box.width * 0.2, y };
      const right = { x: box.x + box.width * 0.8, y };
      // The next photo comes from where the text runs: a leftward swipe in English, rightward in Arabic.
      const [forward, back] =
        locale === 'ar'
          ? [
              [left, right],
              [right, left],
            ]
          : [
              [right, left],
              [left, right],
            ];
      await touchDrag(page, forward[0]!, forward[1]!);
      await expect(image).toHaveAttribute('alt', alt(3));
      await expect(dialog.getByTestId('gallery-position')).toHaveText(
        messages(locale).projects.galleryPosition.replace('{number}', '3').replace('{total}', '5'),
      );
      await touchDrag(page, back[0]!, back[1]!);
      await touchDrag(page, back[0]!, back[1]!);
      await expect(image).toHaveAttribute('alt', alt(1));
      // Past the first, the last (the gallery goes round).
      await touchDrag(page, back[0]!, back[1]!);
      await expect(image).toHaveAttribute('alt', alt(5));
      // A short move is a tap or a wobble, not a swipe.
      await touchDrag(page, forward[0]!, { x: forward[0]!.x + (forward[1]!.x - forward[0]!.x) / 10, y }, 3);
      await expect(image).toHaveAttribute('alt', alt(5));
      await expect(dialog).toBeVisible();
    });
  }
});

test('the shared search finds projects across all of them, on the server, in Arabic too', async ({ page }) => {
  await page.goto('/ar/Projects');
  const box = page.getByRole('searchbox');
  await waitForHydration(box);
  // Typed without hamza and with ha for ta marbuta: the Arabic folding of the site's search.
  await box.fill('مدينه جميرا');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/ar\/Projects\?q=/);
  await expect(page.getByTestId('projects-count')).toContainText('مدينه جميرا');
  const places = await page.getByTestId('event-location').allInnerTexts();
  expect(places.length).toBeGreaterThan(0);
  for (const place of places) expect(place).toContain('مدينة جميرا');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // 13 old projects (1995, after every seeded one) through the old client's API: two pages of 12.
  const made: number[] = [];
  let token = '';
  test.beforeAll(async () => {
    token = (await userWithToken('admin')).token!;
    const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const image = await imageFile('event.jpg', 'jpeg', 32);
    for (let i = 1; i <= 13; i++) {
      const res = await call('/api/event', {
        token,
        form: {
          name: `${TEMP_PREFIX} page ${i}`,
          date: `1995-01-${String(i).padStart(2, '0')}`,
          event_cost: '1000',
          // Not a place the search specs look for: Home's search covers every project now.
          location: 'Hall 1, Hatta',
          locationar: 'القاعة 1، حتا',
          client_id: String(client.id),
          event_img: image,
        },
      });
      expect(res.status).toBe(201);
      made.push((res.data as { id: number }).id);
    }
  });
  test.afterAll(async () => {
    for (const id of made) await call(`/api/event/${id}`, { token, method: 'DELETE' });
  });

  test('numbered pages are links, with rel="next"/"prev" and a canonical per page', async ({ page }) => {
    await page.goto('/Projects');
    await expect(page.locator('link[rel=next]')).toHaveAttribute('href', '/Projects?page=2');
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/Projects$/);
    const first = await page.getByTestId('project-link').allInnerTexts();
    expect(first).toHaveLength(12);
    await page.getByTestId('pagination').getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/Projects\?page=2$/);
    await expect(page.locator('link[rel=prev]')).toHaveAttribute('href', '/Projects');
    await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/Projects\?page=2$/);
    const second = await page.getByTestId('project-link').allInnerTexts();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    expect(second).toContain(`${TEMP_PREFIX} page 1`);
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`${locale} at 375px: the floating buttons step aside while the pager passes under them, and come back after`, async ({
      browser,
    }) => {
      // With scripts (this group's pages have none): the buttons step aside by script.
      const context = await browser.newContext({
        baseURL: test.info().project.use.baseURL,
        javaScriptEnabled: true,
        viewport: { width: 375, height: 812 },
      });
      const page = await context.newPage();
      await page.goto(localePath(locale, '/Projects'));
      const pager = page.getByTestId('pagination');
      const floating = page.locator('.floating-action');
      await expect(floating).toHaveCount(2);
      await waitForHydration(page.getByTestId('menu-button'));
      // The pager at the very bottom of the screen, where the buttons float: not one of them shown.
      await pager.evaluate((nav) => window.scrollBy(0, nav.getBoundingClientRect().bottom - window.innerHeight + 4));
      for (const button of await floating.all()) await expect(button).toBeHidden();
      await expect(pager.getByRole('link').first()).toBeVisible();
      // Scrolled away (the pager high on the screen): back.
      await pager.evaluate((nav) => window.scrollBy(0, nav.getBoundingClientRect().top - 150));
      for (const button of await floating.all()) await expect(button).toBeVisible();
      await context.close();
    });
  }

  test('filters and pages are links that work, and a video is a link to its page', async ({ page }) => {
    await page.goto('/Projects');
    const filter = page.getByTestId('filter-city').first();
    // A closed <details> hides its links: open the group as a person would.
    await page.locator('details', { has: filter }).locator('summary').click();
    const city = await filter.innerText();
    await filter.click();
    await expect(page).toHaveURL(/city=/);
    for (const place of await page.getByTestId('event-location').allInnerTexts()) expect(place).toContain(city);
    await page.goto(`/Projects/${project.slug}`);
    await expect(page.getByRole('link', { name: /Play video/ })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });
});
