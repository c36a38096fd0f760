import type { Page } from '@playwright/test';
import { call, imageFile, userWithToken } from '../helpers/api';
import { testDb } from '../helpers/db';
import {
  expect,
  test,
  homeData,
  localePath,
  messages,
  searchBox,
  texts,
  translate,
  waitForHydration,
  shown,
  TEMP_PREFIX,
  type Locale,
} from './support';

// The header search: one query shared by Home, Services and The Team, finding projects by place
// (or name) among all of them on the server, filtering services by title and team members by
// name, in either language, Arabic-aware.

const includes = (field: string, query: string) => field.toLowerCase().includes(query.toLowerCase());

async function ready(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(searchBox(page));
}

const eventNames = (page: Page) => texts(shown(page, 'event-card').locator('h3'));

test('an English location query filters the events on Home', async ({ page, request }) => {
  const { events } = await homeData(request);
  const expected = events.filter((e) => includes(e.location, 'dubai') || includes(e.locationar, 'dubai')).map((e) => e.name);
  expect(expected.length, 'some seeded events are in Dubai').toBeGreaterThan(0);
  expect(expected.length, 'and some are not').toBeLessThan(events.length);

  await ready(page, '/');
  const cards = shown(page, 'event-card');
  const before = await cards.count();
  expect(before).toBeGreaterThanOrEqual(events.length);
  await expect(searchBox(page)).toHaveAttribute('placeholder', messages('en').nav.searchEvents);

  await searchBox(page).fill('dubai');
  await expect(cards).toHaveCount(expected.length);
  expect((await eventNames(page)).sort()).toEqual([...expected].sort());
  for (const location of await texts(shown(page, 'event-card').getByTestId('event-location'))) expect(location).toMatch(/dubai/i);

  // Clearing the box brings every event back.
  await searchBox(page).fill('');
  await expect(cards).toHaveCount(before);
});

test('an Arabic location query filters the events on the Arabic Home', async ({ page, request }) => {
  const { events } = await homeData(request);
  const expected = events.filter((e) => e.locationar.includes('دبي') || e.location.includes('دبي')).map((e) => e.namear || e.name);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(events.length);

  await ready(page, '/ar');
  await expect(searchBox(page)).toHaveAttribute('placeholder', messages('ar').nav.searchEvents);
  await searchBox(page).fill('دبي');
  await expect(shown(page, 'event-card')).toHaveCount(expected.length);
  expect((await eventNames(page)).sort()).toEqual([...expected].sort());
  for (const location of await texts(shown(page, 'event-card').getByTestId('event-location'))) expect(location).toContain('دبي');
});

test('Arabic search ignores diacritics and tatweel and folds alef forms', async ({ page, request }) => {
  const { events } = await homeData(request);
  const dubai = events.filter((e) => e.locationar.includes('دبي')).map((e) => e.name);
  const abuDhabi = events.filter((e) => e.locationar.includes('أبوظبي')).map((e) => e.name);
  expect(dubai.length).toBeGreaterThan(0);
  expect(abuDhabi.length).toBeGreaterThan(0);

  await ready(page, '/');
  // The last answer stays until the next one comes: wait for the names, not only the count.
  const found = async () => (await eventNames(page)).sort();
  // With harakat (damma, fatha): the same events as the bare word.
  await searchBox(page).fill('دُبَي');
  await expect.poll(found).toEqual([...dubai].sort());
  // Without the hamza on the alef: أبوظبي is found as ابوظبي.
  await searchBox(page).fill('ابوظبي');
  await expect.poll(found).toEqual([...abuDhabi].sort());
  // With a tatweel (kashida) inside the word.
  await searchBox(page).fill('دبـــي');
  await expect.poll(found).toEqual([...dubai].sort());
});

test('a query that matches nothing says so, in a live region', async ({ page }) => {
  await ready(page, '/');
  // A status region that was already there, so screen readers announce the text when it comes.
  const status = page.getByTestId('home-search-status');
  await expect(status).toHaveRole('status');
  await expect(status).toHaveText('');
  await searchBox(page).fill('Atlantis Underwater Dome');
  await expect(status).toHaveText(translate('en', 'home')('projectsFound', { count: 0 }));
  await expect(status).toBeVisible();
  await expect(shown(page, 'event-card')).toHaveCount(0);
  await expect(page.getByTestId('search-all')).toHaveCount(0);
});

test.describe("Home's search covers every project, not only the few it shows", () => {
  // One worker, in order: the projects made here are shared by the tests of this block.
  test.describe.configure({ mode: 'default' });
  const VIEWPORTS = [
    { name: 'phone', width: 375, height: 812 },
    { name: 'desktop', width: 1280, height: 800 },
  ];
  /** This run's own place, so a project left by an earlier run cannot change the count. */
  const tag = `q${Date.now().toString(36)}`;
  const place = { en: `Liwa Oasis ${tag}`, ar: `واحة ليوا ${tag}` };
  // 10 projects of 1991 (older than every seeded one, so none is among Home's 8) through the old
  // client's API, which ends the cached answers as any write does.
  const made: number[] = [];
  let token = '';
  test.beforeAll(async () => {
    token = (await userWithToken('admin')).token!;
    const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const image = await imageFile('event.jpg', 'jpeg', 32);
    for (let i = 1; i <= 10; i++) {
      const res = await call('/api/event', {
        token,
        form: {
          name: `${TEMP_PREFIX} Liwa ${i}`,
          namear: `${TEMP_PREFIX} ليوا ${i}`,
          date: `1991-01-${String(i).padStart(2, '0')}`,
          event_cost: '1000',
          location: place.en,
          locationar: place.ar,
          client_id: String(client.id),
          event_img: image,
        },
      });
      expect(res.status).toBe(201);
      made.push((res.data as { id: number }).id);
    }
  });
  test.afterAll(async () => {
    for (const id of made) expect((await call(`/api/event/${id}`, { token, method: 'DELETE' })).status).toBe(200);
  });

  for (const locale of ['en', 'ar'] as Locale[]) {
    for (const viewport of VIEWPORTS) {
      test(`${locale} ${viewport.name}: a place none of Home's cards has finds its 10 projects, the newest 8 shown`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await ready(page, localePath(locale, '/'));
        const cards = shown(page, 'event-card');
        const names = () => texts(cards.locator('h3'));
        const first = await names();
        expect(first.length).toBeGreaterThan(0);
        expect(first.filter((name) => name.startsWith(TEMP_PREFIX))).toEqual([]);

        // In Arabic typed with ha for the ta marbuta (واحه): the site's folding, in the database.
        const query = locale === 'ar' ? `واحه ليوا ${tag}` : `liwa oasis ${tag}`;
        await searchBox(page).fill(query);
        const status = page.getByTestId('home-search-status');
        await expect(status).toHaveText(translate(locale, 'home')('projectsFound', { count: 10 }));
        await expect(cards).toHaveCount(8);
        const word = locale === 'ar' ? 'ليوا' : 'Liwa';
        expect(await names()).toEqual([10, 9, 8, 7, 6, 5, 4, 3].map((i) => `${TEMP_PREFIX} ${word} ${i}`));
        expect(await texts(cards.getByTestId('event-location'))).toEqual(Array(8).fill(place[locale]));

        // Emptied, the box gives Home's own cards back.
        await searchBox(page).fill('');
        await expect.poll(names).toEqual(first);

        // "All results" is /Projects?q=, the same search with the same count.
        await searchBox(page).fill(query);
        await expect(status).toHaveText(translate(locale, 'home')('projectsFound', { count: 10 }));
        await page.getByTestId('search-all').click();
        await expect(page).toHaveURL((u) => u.pathname === localePath(locale, '/Projects') && u.searchParams.get('q') === query);
        await expect(page.getByTestId('projects-count')).toHaveText(translate(locale, 'projects')('resultsFor', { count: 10, query }));
        await expect(page.getByTestId('event-card')).toHaveCount(10);
      });
    }
  }
});

test('the query is shared by Home, Services and The Team, each with its own placeholder', async ({ page }) => {
  const nav = messages('en').nav;
  await ready(page, '/');
  await searchBox(page).fill('Sharjah');
  await expect(shown(page, 'event-card').first()).toBeVisible();

  await page.getByRole('navigation', { name: nav.mainNavigation }).getByRole('link', { name: nav.services, exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/Services');
  await expect(searchBox(page)).toHaveAttribute('placeholder', nav.searchServices);
  await expect(searchBox(page)).toHaveValue('Sharjah');
  // No service title mentions Sharjah: the shared query filters this page too.
  await expect(shown(page, 'service-card')).toHaveCount(0);
  await expect(page.getByText(messages('en').common.noResults)).toBeVisible();

  await page.getByRole('navigation', { name: nav.mainNavigation }).getByRole('link', { name: nav.team, exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/TheTeam');
  await expect(searchBox(page)).toHaveAttribute('placeholder', nav.searchTeam);
  await expect(searchBox(page)).toHaveValue('Sharjah');

  // Pages without a list have no search box at all.
  await page.getByRole('navigation', { name: nav.mainNavigation }).getByRole('link', { name: nav.about, exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/AboutUs');
  await expect(page.getByRole('heading', { name: messages('en').about.heading })).toBeVisible();
  await expect(page.locator('input[type="search"]')).toHaveCount(0);
});

test('services are found by their Arabic title on the English page', async ({ page, request }) => {
  const { services } = await homeData(request);
  const expected = services.filter((s) => s.titelar.includes('الصوت') || s.titel.includes('الصوت')).map((s) => s.titel);
  expect(expected).toContain('Sound Systems');
  expect(expected.length).toBeLessThan(services.length);

  await ready(page, '/Services');
  const cards = shown(page, 'service-card');
  expect(await cards.count()).toBeGreaterThan(expected.length);
  await searchBox(page).fill('الصوت');
  await expect(cards).toHaveCount(expected.length);
  expect((await texts(shown(page, 'service-card').locator('h2'))).sort()).toEqual([...expected].sort());
});

test('team members are found by their Arabic name, ta marbuta folded', async ({ page, request }) => {
  const { team } = await homeData(request);
  const sara = team.find((m) => m.namear === 'سارة حداد');
  expect(sara, 'the seeded member سارة حداد').toBeTruthy();
  const expected = team.filter((m) => m.namear.includes('سارة')).map((m) => m.name);

  await ready(page, '/TheTeam');
  const cards = shown(page, 'team-card');
  expect(await cards.count()).toBeGreaterThan(expected.length);
  await searchBox(page).fill('سارة');
  await expect(cards).toHaveCount(expected.length);
  await expect(cards.filter({ hasText: sara!.name })).toBeVisible();
  // Typed with a plain ha (ساره) instead of the ta marbuta: still found.
  await searchBox(page).fill('ساره');
  await expect(cards).toHaveCount(expected.length);
  await expect(cards.filter({ hasText: sara!.name })).toBeVisible();
});

test.describe('the search stays where it was typed (issue 35)', () => {
  test('a query carried to The Team that empties it has a clear-search control; /Projects shows and honours its own search', async ({
    page,
    request,
  }) => {
    const nav = messages('en').nav;
    const menu = page.getByRole('navigation', { name: nav.mainNavigation });
    const clearInBox = page.locator('[data-testid="search-clear"]:visible');
    await ready(page, '/TheTeam');
    const everyone = await shown(page, 'team-card').count();
    expect(everyone).toBeGreaterThan(0);

    // Typed on Home, nobody on The Team matches it.
    await page.goto('/');
    await waitForHydration(searchBox(page));
    const nobody = `zq${Date.now().toString(36)}`;
    await searchBox(page).fill(nobody);
    await menu.getByRole('link', { name: nav.team, exact: true }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/TheTeam');
    await expect(searchBox(page)).toHaveValue(nobody);
    await expect(shown(page, 'team-card')).toHaveCount(0);
    await expect(page.getByText(messages('en').common.noResults)).toBeVisible();
    await page.getByTestId('search-clear-results').click();
    await expect(shown(page, 'team-card')).toHaveCount(everyone);
    await expect(searchBox(page)).toHaveValue('');

    // The box's own clear button, the same way back.
    await searchBox(page).fill(nobody);
    await expect(shown(page, 'team-card')).toHaveCount(0);
    await clearInBox.click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(shown(page, 'team-card')).toHaveCount(everyone);
    await expect(searchBox(page)).toBeFocused();

    // The portfolio's box shows the search its list shows: not the carried query, its address's ?q=.
    await searchBox(page).fill(nobody);
    await page.goto('/Projects');
    await waitForHydration(searchBox(page));
    await expect(searchBox(page)).toHaveValue('');
    const all = await page.getByTestId('event-card').count();
    expect(all).toBeGreaterThan(0);
    const { total } = (await (await request.get('/project-search.json?locale=en&q=dubai')).json()) as { total: number };
    expect(total).toBeGreaterThan(0);
    await searchBox(page).fill('dubai');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL((u) => u.pathname === '/Projects' && u.searchParams.get('q') === 'dubai');
    await expect(searchBox(page)).toHaveValue('dubai');
    await expect(page.getByTestId('projects-count')).toHaveText(
      translate('en', 'projects')('resultsFor', { count: total, query: 'dubai' }),
    );
    await clearInBox.click();
    await expect(page).toHaveURL((u) => u.pathname === '/Projects' && !u.searchParams.has('q'));
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByTestId('projects-count')).not.toContainText('dubai');
  });

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ])
    test(`on Home the results come into view as one types and on Enter (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await ready(page, '/');
      const status = page.getByTestId('home-search-status');
      await expect(status).not.toBeInViewport();
      await searchBox(page).pressSequentially('dubai', { delay: 40 });
      await expect(status).toHaveText(/\d/);
      await expect(status).toBeInViewport();
      await expect(searchBox(page)).toBeInViewport();

      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(status).not.toBeInViewport();
      await searchBox(page).press('Enter');
      await expect(status).toBeInViewport();
    });
});
