import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createTranslator } from 'next-intl';
import type en from '../../messages/en.json';

// Shared helpers for the public-site specs (not a spec file itself).

/** A 1×1 transparent PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * `test` with one option: `realImages`. The server re-encodes every optimised image on every
 * request (AVIF, ~1 s of CPU each on this 2-core machine), so by default the browser gets a 1×1
 * pixel for /_next/image instead; the specs that look at images turn the real ones back on.
 */
let visitors = 0;
export const test = base.extend<{ realImages: boolean }>({
  realImages: [false, { option: true }],
  // Each test is a visitor of its own, with its own address (behind the test server's one trusted proxy): per-address
  // budgets (sign-in, search) count one person's requests, as they do for real visitors, not the whole run's, which
  // all come from 127.0.0.1. A test that sets its own address keeps it.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    visitors += 1;
    const visitor = `10.${230 + (testInfo.workerIndex % 10)}.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
    await use({ 'X-Forwarded-For': visitor, ...extraHTTPHeaders });
  },
  context: async ({ context, realImages }, use) => {
    if (!realImages) {
      await context.route(/\/_next\/image\?/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }));
    }
    await use(context);
  },
});
export { expect };

export type Locale = 'en' | 'ar';
export const LOCALES: Locale[] = ['en', 'ar'];

// The public pages (English paths, in navigation order) and their URL in each language.
export { localePath, PUBLIC_PAGES } from '../../lib/pages';

// Both catalogues have the same shape (tests/unit/messages.test.ts), so the English one types them.
type Messages = typeof en;
const messageCache = new Map<Locale, Messages>();
/** The product's message catalogue, so expectations follow the copy rather than duplicating it. */
export function messages(locale: Locale): Messages {
  let m = messageCache.get(locale);
  if (!m) {
    m = JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../messages/${locale}.json`), 'utf8')) as Messages;
    messageCache.set(locale, m);
  }
  return m;
}

/** A namespace's messages formatted as the site formats them (plurals, arguments), for exact expectations. */
export const translate = <N extends keyof Messages>(locale: Locale, namespace: N) =>
  createTranslator({ locale, messages: messages(locale), namespace });

/** Records created by these tests carry this prefix; other specs ignore them (tests run in parallel). */
export const TEMP_PREFIX = 'E2E-TEMP';

export interface HomeData {
  events: { id: number; name: string; namear: string; location: string; locationar: string }[];
  contacts: { id: number; email: string; phone: string }[];
  team: { id: number; name: string; namear: string; dec: string; decar: string; details: string; detailsar: string }[];
  clients: { id: number; name: string; namear: string }[];
  services: { id: number; titel: string; titelar: string; dec: string; decar: string }[];
  slides: { id: number; img: string }[];
}

/** What the site shows, read from the legacy `/api/home` (the same database the pages read). */
export async function homeData(request: APIRequestContext): Promise<HomeData> {
  const res = await request.get('/api/home');
  expect(res.status()).toBe(200);
  // /api/home's positional envelope (legacy contract §3); index 5 is not read here.
  const [events, contacts, team, clients, services, , slides] = (await res.json()) as [
    HomeData['events'],
    HomeData['contacts'],
    HomeData['team'],
    HomeData['clients'],
    HomeData['services'],
    unknown,
    HomeData['slides'],
  ];
  const keep = <T extends object>(rows: T[], field: keyof T) => rows.filter((r) => !String(r[field] ?? '').startsWith(TEMP_PREFIX));
  return {
    events: keep(events, 'name'),
    contacts,
    team: keep(team, 'name'),
    clients,
    services: keep(services, 'titel'),
    slides,
  };
}

/** True once React has hydrated the element (it attaches its fiber to hydrated DOM nodes). */
export async function waitForHydration(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber$'))), {
      message: 'React hydrated the element',
      timeout: 15_000,
    })
    .toBe(true);
}

/** The 1-second spinners over Home and Services hide themselves with CSS. */
export async function waitForOverlays(page: Page) {
  for (const overlay of await page.locator('.timed-overlay').all()) await expect(overlay).toBeHidden({ timeout: 5_000 });
}

/** The items of a list that the search leaves shown (filtered-out items stay in the page, hidden). */
export const shown = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

/** The visible site search input (desktop and mobile each have one; only one is displayed). */
export const searchBox = (page: Page) => page.getByRole('searchbox');

/** Texts of every element matched by a locator. */
export const texts = (locator: Locator) => locator.allInnerTexts().then((all) => all.map((t) => t.trim()));

/**
 * Runs an action, then waits until the page has had no request in flight for `quietMs`: the
 * client router's background prefetches after a navigation have then finished too.
 */
export async function settle(page: Page, action: () => Promise<unknown>, quietMs = 800) {
  let inflight = 0;
  let last = Date.now();
  const start = () => {
    inflight++;
    last = Date.now();
  };
  const end = () => {
    inflight = Math.max(0, inflight - 1);
    last = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    await action();
    await expect
      .poll(() => inflight === 0 && Date.now() - last >= quietMs, { message: 'the network went quiet', timeout: 15_000, intervals: [100] })
      .toBe(true);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

export interface Point {
  x: number;
  y: number;
}

/** The centre of an element on the screen, where it is now (not scrolled: a drag's ends must both be in view). */
export async function centre(target: Locator): Promise<Point> {
  const box = await target.boundingBox();
  if (!box) throw new Error('the element has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A finger pressed at `from`, moved to `to` in `steps` and lifted: real touch input through
 * Chromium's DevTools protocol (the page gets touch and pointer events as from a touch screen,
 * its `touch-action` honoured), in a context made with `hasTouch`.
 */
export async function touchDrag(page: Page, from: Point, to: Point, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let i = 1; i <= steps; i++) {
      const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** The mouse's drag: pressed at `from`, moved to `to` in `steps`, released. */
export async function mouseDrag(page: Page, from: Point, to: Point, steps = 12) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}
