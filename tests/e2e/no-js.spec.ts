import { expect, test, homeData, LOCALES, localePath, messages, texts, type HomeData, type Locale } from './support';

// The lists are server-rendered: with JavaScript off the HTML already holds every seeded item,
// in the page's language. Expected names come from /api/home (the same database), not from copies.

test.use({ javaScriptEnabled: false });

const pick = (locale: Locale, en: string, ar: string) => (locale === 'ar' && ar.trim() ? ar : en);

const LISTS: { path: string; selector: string; expected: (data: HomeData, locale: Locale) => string[] }[] = [
  { path: '/', selector: '[data-testid="event-card"] h3', expected: (d, l) => d.events.map((e) => pick(l, e.name, e.namear)) },
  { path: '/', selector: '[data-testid="event-location"]', expected: (d, l) => d.events.map((e) => pick(l, e.location, e.locationar)) },
  {
    path: '/Services',
    selector: '[data-testid="service-card"] h2',
    expected: (d, l) => d.services.map((s) => pick(l, s.titel, s.titelar)),
  },
  { path: '/TheTeam', selector: '[data-testid="team-card"] p.text-lg', expected: (d, l) => d.team.map((m) => pick(l, m.name, m.namear)) },
];

for (const locale of LOCALES) {
  for (const list of LISTS) {
    const url = localePath(locale, list.path);
    test(`without JavaScript ${url} already shows ${list.selector} for every seeded item (${locale})`, async ({ page, request }) => {
      const data = await homeData(request);
      const expected = list.expected(data, locale);
      expect(expected.length, 'seeded items').toBeGreaterThan(0);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      const shown = await texts(page.locator(list.selector));
      for (const name of expected) expect(shown, `"${name}" is in the server-rendered HTML`).toContain(name);
      // Nothing is left hidden behind the loading overlay: it hides itself without scripts.
      for (const overlay of await page.locator('.timed-overlay').all()) await expect(overlay).toBeHidden({ timeout: 5_000 });
      await expect(page.locator(list.selector).first()).toBeVisible();
    });
  }
}

test('the raw HTML of / and /ar carries the seeded names before any script runs', async ({ request }) => {
  const data = await homeData(request);
  for (const locale of LOCALES) {
    const res = await request.get(localePath(locale, '/'));
    expect(res.status()).toBe(200);
    const html = await res.text();
    const body = html.slice(html.indexOf('<body'));
    // Text nodes, not only the RSC payload inside <script>: strip the scripts first.
    const markup = body.replace(/<script[\s\S]*?<\/script>/g, '');
    const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const escaped = (s: string) => markup.includes(s) || markup.includes(escape(s)) || markup.includes(s.replace(/'/g, '&#x27;'));
    for (const e of data.events) expect(escaped(pick(locale, e.name, e.namear)), `${locale}: ${e.name}`).toBe(true);
  }
});

for (const locale of LOCALES) {
  const url = localePath(locale, '/no-such-page');
  test(`without JavaScript ${url} is a complete ${locale} 404 page`, async ({ page }) => {
    const t = messages(locale).notFound;
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByText(t.code, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(page.getByText(t.text)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(messages(locale).meta.notFound.title));
    await expect(page.getByRole('link', { name: t.home })).toHaveAttribute('href', localePath(locale, '/'));
  });
}

test('images are in the HTML as responsive <img>: the hero preloaded first, the rest lazy', async ({ request }) => {
  for (const path of ['/', '/TheTeam', '/Services']) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const markup = html.slice(html.indexOf('<body')).replace(/<script[\s\S]*?<\/script>/g, '');
    const images = markup.match(/<img [^>]*>/g) ?? [];
    expect(images.length, path).toBeGreaterThan(1);
    // The first image of the page is the largest paint: preloaded at high priority, never lazy.
    const [first, ...rest] = images;
    expect(first, path).toMatch(/fetchPriority="high"/);
    expect(first, path).not.toMatch(/loading="lazy"/);
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(
      preload.some((link) => /fetchPriority="high"/.test(link) && /imageSrcSet="\/_next\/image\?url=/.test(link)),
      path,
    ).toBe(true);
    // Width descriptors, or 1x/2x for the fixed-width client logos.
    for (const img of images)
      expect(img, path).toMatch(
        /srcSet="(?:\/_next\/image\?url=[^" ]+ \d+w(?:, )?)+"|srcSet="\/_next\/image\?url=[^" ]+ 1x, \/_next\/image\?url=[^" ]+ 2x"/,
      );
    for (const img of images.filter((tag) => / 1x, /.test(tag))) expect(img, path).toMatch(/alt="[^"]+ logo"/);
    // Every other image in the grids waits until it is near the viewport.
    if (path !== '/') for (const img of rest) expect(img, path).toMatch(/loading="lazy"/);
  }
  // On the home page the event photos and logos below the slider are lazy too.
  const home = await (await request.get('/')).text();
  const cards = home.match(/<li[^>]*data-testid="event-card"[\s\S]*?<\/li>/g) ?? [];
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) for (const img of card.match(/<img [^>]*>/g) ?? []) expect(img).toMatch(/loading="lazy"/);
});
