import type { Page } from '@playwright/test';
import { slugify } from '../../lib/slug';
import {
  expect,
  test,
  homeData,
  LOCALES,
  localePath,
  messages,
  PUBLIC_PAGES,
  TEMP_PREFIX,
  waitForHydration,
  type HomeData,
  type Locale,
} from './support';

// Every public page in both languages: status, <html lang dir>, seeded content, SEO tags.

const pick = (locale: Locale, en: string, ar: string) => (locale === 'ar' && ar.trim() ? ar : en);

/** One piece of seeded content per page, in the page's language, and its other-language twin. */
function seededContent(key: (typeof PUBLIC_PAGES)[number]['key'], locale: Locale, data: HomeData): { shown: string[]; other: string[] } {
  const other: Locale = locale === 'ar' ? 'en' : 'ar';
  switch (key) {
    case 'projects':
    case 'home': {
      const event = data.events.find((e) => e.name.startsWith('Al Noor New Year')) ?? data.events[0]!;
      return {
        shown: [pick(locale, event.name, event.namear), pick(locale, event.location, event.locationar)],
        other: [pick(other, event.name, event.namear)],
      };
    }
    case 'services': {
      const service = data.services.find((s) => s.titel === 'Sound Systems') ?? data.services[0]!;
      return { shown: [pick(locale, service.titel, service.titelar)], other: [pick(other, service.titel, service.titelar)] };
    }
    case 'team': {
      const member = data.team.find((m) => m.name === 'Omar Farouk') ?? data.team[0]!;
      return {
        shown: [pick(locale, member.name, member.namear), pick(locale, member.dec, member.decar)],
        other: [pick(other, member.name, member.namear)],
      };
    }
    case 'about':
      return { shown: [messages(locale).about.heading], other: [messages(other).about.heading] };
    case 'contact':
      return { shown: [data.contacts[0]!.email, messages(locale).contact.title], other: [messages(other).contact.subtitle] };
    case 'privacy':
      return { shown: [messages(locale).meta.privacy.title], other: [messages(other).meta.privacy.title] };
  }
}

async function linkHref(page: Page, selector: string) {
  const link = page.locator(selector);
  await expect(link, selector).toHaveCount(1);
  return (await link.getAttribute('href'))!;
}

const pathOf = (href: string) => {
  const url = new URL(href);
  return url.pathname.replace(/(.)\/$/, '$1');
};

for (const locale of LOCALES) {
  for (const { path: pagePath, key } of PUBLIC_PAGES) {
    const url = localePath(locale, pagePath);
    test(`${url} (${locale}) renders with the right language, content and SEO tags`, async ({ page, request }) => {
      const data = await homeData(request);
      expect(data.events.length, 'the demo company is seeded').toBeGreaterThan(0);
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(url);

      const html = page.locator('html');
      await expect(html).toHaveAttribute('lang', locale);
      await expect(html).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');

      const { shown, other } = seededContent(key, locale, data);
      const main = page.locator('main');
      for (const text of shown) await expect(main.getByText(text, { exact: true }).first(), text).toBeVisible();
      // The other language's copy of the same item is not on the page.
      for (const text of other) await expect(main.getByText(text, { exact: true }), text).toHaveCount(0);

      // The footer: this year, and the rights line in both languages, each half tagged with its own.
      const footer = page.locator('footer');
      await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
      await expect(footer.locator('span[lang="ar"]')).toHaveText(messages(locale).footer.rightsArabic);
      await expect(footer.locator('span[lang="en"]')).toHaveText(messages(locale).footer.rightsEnglish);

      const meta = messages(locale).meta[key];
      // Every title carries the company's name (issue 19): the demo brand's here, as seeded.
      const { siteName } = messages(locale).meta;
      const title = key === 'home' ? `${siteName} — ${meta.title}` : `${meta.title} | ${siteName}`;
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.description);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);

      const canonical = await linkHref(page, 'link[rel="canonical"]');
      expect(pathOf(canonical)).toBe(url);
      const alternates: Record<string, string> = {};
      for (const lang of ['en', 'ar', 'x-default'])
        alternates[lang] = pathOf(await linkHref(page, `link[rel="alternate"][hreflang="${lang}"]`));
      expect(alternates).toEqual({ en: pagePath, ar: localePath('ar', pagePath), 'x-default': pagePath });
    });
  }
}

test('sitemap.xml lists every public page, every service page and every published project in both languages with alternates', async ({
  request,
}) => {
  const data = await homeData(request);
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('xml');
  const xml = await res.text();
  const all = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => pathOf(m[1]!));
  const isProject = (path: string) => /\/Projects\/[a-z0-9-]+$/.test(path);
  // Other files' temporary projects (named TEMP_PREFIX…) come and go while this runs; homeData leaves them out too.
  const isTemp = (path: string) => path.includes(`/Projects/${slugify(TEMP_PREFIX)}-`);
  // Issue 37: each service has its page; other files' temporary services come and go too.
  const isService = (path: string) => /\/Services\/[a-z0-9-]+$/.test(path);
  const expected = LOCALES.flatMap((locale) => PUBLIC_PAGES.map((p) => localePath(locale, p.path)));
  expect(all.filter((path) => !isProject(path) && !isService(path)).sort()).toEqual(expected.sort());
  const demoServices = ['led-screens', 'sound-systems', 'lighting-design', 'stages-trussing', 'event-management'];
  for (const locale of LOCALES) for (const slug of demoServices) expect(all, slug).toContain(localePath(locale, `/Services/${slug}`));
  // /api/home lists the published events: each is a project page, in both languages.
  expect(all.filter((path) => isProject(path) && !isTemp(path))).toHaveLength(2 * data.events.length);
  expect(xml).toMatch(/<image:loc>/);
  expect(xml).toMatch(/hreflang="ar"/);
  expect(xml).toMatch(/hreflang="x-default"/);
});

test('robots.txt allows the site, keeps crawlers out of the API and points to the sitemap', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^Sitemap:\s*\S+\/sitemap\.xml\s*$/m);
  expect(text).toMatch(/^Disallow:\s*\/api\/\s*$/m);
  const sitemapUrl = text.match(/^Sitemap:\s*(\S+)/m)![1]!;
  expect(pathOf(sitemapUrl)).toBe('/sitemap.xml');
});

test('home page carries Organization JSON-LD with the seeded contact', async ({ page, request }) => {
  const data = await homeData(request);
  await page.goto('/');
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const parsed = blocks.map((b) => JSON.parse(b));
  const org = parsed.find((d) => [d['@type']].flat().includes('Organization'));
  expect(org, 'an Organization block').toBeTruthy();
  expect(org['@context']).toBe('https://schema.org');
  expect(org.name).toBe(messages('en').meta.siteName);
  expect(org.email).toBe(data.contacts[0]!.email);
  expect(org.url).toMatch(/^https?:\/\//);
});

for (const locale of LOCALES) {
  const url = localePath(locale, '/does-not-exist');
  test(`unknown path ${url} shows the ${locale} 404 page whose home link works`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message || String(e)));
    const response = await page.goto(url);
    expect(response?.status()).toBe(404);
    const t = messages(locale).notFound;
    try {
      await expect(page.getByText(t.code, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    } catch (error) {
      const body = (await page.locator('body').innerText()).slice(0, 300);
      throw new Error(
        `the 404 page did not render: page shows ${JSON.stringify(body)}; script errors: ${JSON.stringify(errors)}\n${error}`,
      );
    }
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    // The site's header and footer stay around the 404 once the page has hydrated (a not-found
    // boundary above the public layout used to replace them), so the visitor can go anywhere.
    await waitForHydration(page.getByRole('link', { name: t.home }));
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: messages(locale).nav.logoLinkHome })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    expect(errors, 'no script errors on the 404 page').toEqual([]);
    await page.getByRole('link', { name: t.home }).click();
    await expect(page).toHaveURL((u) => u.pathname === localePath(locale, '/'));
    await expect(page.locator('[data-testid="hero-slider"]')).toBeVisible();
  });
}

test.describe('with the real optimised images', () => {
  test.use({ realImages: true });

  test('the first slide, an event photo, client logos and a team photo are served and decoded', async ({ page }) => {
    const decoded = (selector: string) =>
      page
        .locator(selector)
        .evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).map((img) => ({ src: img.currentSrc, ok: img.complete && img.naturalWidth > 1 })),
        );
    const failed: { src: string }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/_next/image') && r.status() !== 200) failed.push({ src: `${r.status()} ${r.url()}` });
    });
    await page.goto('/');
    const firstSlide = page.getByTestId('hero-slider').locator('img').first();
    await expect
      .poll(() => decoded('[data-testid="hero-slider"] img[fetchpriority="high"]'))
      .toEqual([{ src: expect.stringContaining('/_next/image'), ok: true }]);
    await expect(firstSlide).toHaveAttribute('alt', /\S/);
    const eventImage = page.locator('[data-testid="event-card"] img').first();
    await eventImage.scrollIntoViewIfNeeded();
    await expect.poll(() => eventImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
    const logo = page.getByTestId('client-carousel').locator('img').first();
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);

    await page.goto('/TheTeam');
    // The first member with a photo (one without shows their initials, issue 27).
    const photo = page.getByTestId('team-card').locator('img').first();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
    expect(failed).toEqual([]);
  });
  // Art direction: a phone held upright gets the slide's portrait cut (the landscape photo,
  // covering a screen twice as tall as wide, was scaled up 2-3x), a wider screen the photo itself;
  // each downloads only its own variant. The logos are fetched once each, though two boxes show them.
  for (const { name, viewport, portrait } of [
    { name: 'a phone held upright', viewport: { width: 390, height: 844 }, portrait: true },
    { name: 'a desktop', viewport: { width: 1280, height: 800 }, portrait: false },
  ]) {
    test(`the first slide on ${name} is the ${portrait ? 'portrait cut' : 'landscape photo'}, and each logo is downloaded once`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const images: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/_next/image')) images.push(new URL(r.url()).searchParams.get('url') ?? '');
      });
      await page.goto('/');
      const first = page.getByTestId('hero-slider').locator('img[fetchpriority="high"]');
      await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 1)).toBe(true);
      const { src, width, height } = await first.evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc,
        width: img.naturalWidth,
        height: img.naturalHeight,
      }));
      const slide = new URL(src).searchParams.get('url') ?? '';
      expect(slide).toMatch(/^\/sliderimges\//);
      if (portrait) {
        expect(slide).toMatch(/\?crop=portrait$/);
        expect(width / height).toBeCloseTo(9 / 16, 2);
      } else {
        expect(slide).not.toContain('crop');
        expect(width / height).toBeGreaterThan(1);
      }
      const photo = slide.replace(/\?.*$/, '');
      expect(
        images.filter((url) => url.startsWith(photo)),
        'only one variant of the first slide',
      ).toEqual([slide]);
      // Each logo shows in the carousel and on its projects' cards: one download.
      await page.getByTestId('events-grid').scrollIntoViewIfNeeded();
      await page.getByTestId('client-carousel').scrollIntoViewIfNeeded();
      await expect.poll(() => images.filter((url) => url.startsWith('/clientimges/')).length).toBeGreaterThan(0);
      await page.waitForLoadState('networkidle');
      const logos = images.filter((url) => url.startsWith('/clientimges/'));
      expect(logos.length, logos.join(', ')).toBe(new Set(logos).size);
    });
  }
});

// The portfolio download is reachable at every width: in the header from 1024 px, in the side
// menu below.
test('the portfolio download link is there at every width and serves the PDF', async ({ page, request }) => {
  const nav = messages('en').nav;
  const link = page.getByTestId('portfolio-link').filter({ visible: true });
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/AboutUs');
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAccessibleName(nav.portfolio);
    await expect(link).toHaveAttribute('download', '');
    const box = (await link.boundingBox())!;
    expect(box.x + box.width, `inside the ${width} px screen`).toBeLessThanOrEqual(width);
  }
  for (const width of [1023, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/AboutUs');
    await expect(link).toHaveCount(0);
    await waitForHydration(page.getByTestId('menu-button'));
    await page.getByTestId('menu-button').click();
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAccessibleName(nav.portfolio);
  }
  const href = (await link.getAttribute('href'))!;
  const pdf = await request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

// Tablet and desktop widths: nothing sticks out of the screen, the header's controls included
// (at 768 px the full navigation once pushed the toggles ~110 px off screen).
test('nothing overflows the screen at 768, 1024 and 1280 px, header included', async ({ page }) => {
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const url of ['/', '/ar', '/TheTeam', '/ar/Services']) {
      await page.goto(url);
      const [overflow, outside] = await page.evaluate(() => [
        document.documentElement.scrollWidth - document.documentElement.clientWidth,
        [...document.querySelectorAll('header *')].filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5);
        }).length,
      ]);
      // And each navigation link keeps to one line.
      for (const link of await page.locator('header nav a').filter({ visible: true }).all()) {
        expect((await link.boundingBox())!.height, `${url} at ${width} px: "${await link.innerText()}" wraps`).toBeLessThan(40);
      }
      expect(overflow, `${url} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      expect(outside, `${url} at ${width} px: header elements off screen`).toBe(0);
    }
  }
});
