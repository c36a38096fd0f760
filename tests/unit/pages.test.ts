import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_SCREEN_FOLDERS, CONTENT_SEGMENT, adminRewrites } from '@/lib/admin/rewrites';
import { ENTITY_METAS } from '@/lib/entities/metas';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import {
  AUTH_SEGMENTS,
  CANONICAL_SEGMENTS,
  localePath,
  NAV_PAGES,
  pagePath,
  PUBLIC_PAGES,
  searchFormTarget,
  searchPlaceholder,
} from '@/lib/pages';
import { localizedUrl, sitemapPages } from '@/lib/seo';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import nextConfig from '@/next.config';

// lib/pages.ts states the site's pages once; these pin what the nav, the sitemap, the routing
// config and the search box get from it to the URLs of the spec (literal values, not the list again).

const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE = 'https://events.example';
let savedSiteUrl: string | undefined;
beforeAll(() => {
  savedSiteUrl = process.env.SITE_URL;
  process.env.SITE_URL = `${SITE}/`;
});
afterAll(() => {
  if (savedSiteUrl === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = savedSiteUrl;
});

test('the public pages, in navigation order, with their message keys and search boxes', () => {
  expect(PUBLIC_PAGES.map(({ key, path, ...rest }) => ({ key, path, search: 'search' in rest ? rest.search : undefined }))).toEqual([
    { key: 'home', path: '/', search: 'searchEvents' },
    { key: 'projects', path: '/Projects', search: 'searchProjects' },
    { key: 'services', path: '/Services', search: 'searchServices' },
    { key: 'team', path: '/TheTeam', search: 'searchTeam' },
    { key: 'about', path: '/AboutUs', search: undefined },
    { key: 'contact', path: '/ContactUs', search: undefined },
    { key: 'privacy', path: '/Privacy', search: undefined },
  ]);
  // The header lists all but the privacy notice (the footer lists every page).
  expect(NAV_PAGES.map((page) => page.path)).toEqual(['/', '/Projects', '/Services', '/TheTeam', '/AboutUs', '/ContactUs']);
  expect(pagePath('home')).toBe('/');
  expect(pagePath('contact')).toBe('/ContactUs');
});

test('the search box shows on Home, Projects, Services and The Team only, matched on the exact spelling', () => {
  expect(searchPlaceholder('/')).toBe('searchEvents');
  expect(searchPlaceholder('/Services')).toBe('searchServices');
  expect(searchPlaceholder('/TheTeam')).toBe('searchTeam');
  expect(searchPlaceholder('/Projects')).toBe('searchProjects');
  for (const none of ['/AboutUs', '/ContactUs', '/LogIn', '/Admin', '/services', '/ar', '/TheTeam/x', 'constructor', ''])
    expect(searchPlaceholder(none), none).toBeUndefined();
});

test("without scripts Home's search form goes to /Projects (Home never reads its query); the others to themselves", () => {
  expect(searchFormTarget('/')).toBe('/Projects');
  for (const self of ['/Projects', '/Services', '/TheTeam', '/AboutUs', '']) expect(searchFormTarget(self), self).toBeUndefined();
});

test('URLs per language: English unprefixed, Arabic under /ar, absolute with the site URL', () => {
  expect(localePath('en', '/')).toBe('/');
  expect(localePath('en', '/AboutUs')).toBe('/AboutUs');
  expect(localePath('ar', '/')).toBe('/ar');
  expect(localePath('ar', '/AboutUs')).toBe('/ar/AboutUs');
  expect(localizedUrl('ar', '/')).toBe(`${SITE}/ar`);
  expect(localizedUrl('en', '/')).toBe(`${SITE}/`);
  expect(localizedUrl('ar', '/TheTeam')).toBe(`${SITE}/ar/TheTeam`);
});

test('the sitemap lists every public page in English then Arabic, with alternates, priority and frequency', () => {
  const alternates = (en: string, ar: string) => ({ languages: { en: `${SITE}${en}`, ar: `${SITE}${ar}`, 'x-default': `${SITE}${en}` } });
  const entry = (url: string, priority: number, en: string, ar: string, changeFrequency = 'weekly') => ({
    url: `${SITE}${url}`,
    changeFrequency,
    priority,
    alternates: alternates(en, ar),
  });
  expect(sitemapPages()).toEqual([
    entry('/', 1, '/', '/ar'),
    entry('/ar', 1, '/', '/ar'),
    { ...entry('/Projects', 0.9, '/Projects', '/ar/Projects') },
    { ...entry('/ar/Projects', 0.9, '/Projects', '/ar/Projects') },
    entry('/Services', 0.7, '/Services', '/ar/Services'),
    entry('/ar/Services', 0.7, '/Services', '/ar/Services'),
    entry('/TheTeam', 0.7, '/TheTeam', '/ar/TheTeam'),
    entry('/ar/TheTeam', 0.7, '/TheTeam', '/ar/TheTeam'),
    entry('/AboutUs', 0.7, '/AboutUs', '/ar/AboutUs'),
    entry('/ar/AboutUs', 0.7, '/AboutUs', '/ar/AboutUs'),
    entry('/ContactUs', 0.7, '/ContactUs', '/ar/ContactUs'),
    entry('/ar/ContactUs', 0.7, '/ContactUs', '/ar/ContactUs'),
    entry('/Privacy', 0.3, '/Privacy', '/ar/Privacy', 'yearly'),
    entry('/ar/Privacy', 0.3, '/Privacy', '/ar/Privacy', 'yearly'),
  ]);
});

test("next.config.ts rewrites every page's segment, in both languages, before its catch-all", async () => {
  expect(CANONICAL_SEGMENTS).toEqual([
    'Projects',
    'Services',
    'TheTeam',
    'AboutUs',
    'ContactUs',
    'Privacy',
    'LogIn',
    'SignUp',
    'AwaitingApproval',
    'ForgotPassword',
    'ResetPassword',
    'Invitation',
    'Setup',
    'Admin',
  ]);
  const rewrites = await nextConfig.rewrites!();
  if (Array.isArray(rewrites)) throw new Error('expected the { beforeFiles } form');
  const pages = (segment: string) => [
    { source: `/${segment}/:rest*`, destination: `/en/${segment}/:rest*` },
    { source: `/ar/${segment}/:rest*`, destination: `/ar/${segment}/:rest*` },
  ];
  expect(rewrites.beforeFiles).toEqual([
    { source: '/:folder([a-z]+imges)/:name', destination: '/media/:folder/:name' },
    { source: '/', destination: '/en' },
    // The back office's screens first (their addresses are under /Admin, whose own rule follows).
    ...adminRewrites(),
    ...pages('Projects'),
    ...pages('Services'),
    ...pages('TheTeam'),
    ...pages('AboutUs'),
    ...pages('ContactUs'),
    ...pages('Privacy'),
    ...pages('LogIn'),
    ...pages('SignUp'),
    ...pages('AwaitingApproval'),
    ...pages('ForgotPassword'),
    ...pages('ResetPassword'),
    ...pages('Invitation'),
    ...pages('Setup'),
    ...pages('Admin'),
    { source: '/:path((?!ar(?:/|$)|en(?:/|$)|api/|_next/|_vercel/|media/|readyz$|[a-z]+imges/)[^.]*)', destination: '/en/:path' },
  ]);
  expect(rewrites.afterFiles ?? []).toEqual([]);
  expect(rewrites.fallback ?? []).toEqual([]);
});

describe('the list matches the app', () => {
  const localeDir = path.join(ROOT, 'app/[locale]');
  const pageDirs = (group: string) =>
    readdirSync(path.join(localeDir, group), { withFileTypes: true })
      // Named folders only: (site)/[...rest] is the catch-all 404, not a page.
      .filter(
        (entry) => entry.isDirectory() && !entry.name.startsWith('[') && existsSync(path.join(localeDir, group, entry.name, 'page.tsx')),
      )
      .map((entry) => entry.name)
      .sort();

  test('every public page has its page under (site), and (site) has no page the list misses', () => {
    expect(existsSync(path.join(localeDir, '(site)/page.tsx'))).toBe(true);
    expect(
      PUBLIC_PAGES.filter((page) => page.path !== '/')
        .map((page) => page.path.slice(1))
        .sort(),
    ).toEqual(pageDirs('(site)'));
  });

  test('the auth pages and the back office are where the rewrites send them', () => {
    expect([...AUTH_SEGMENTS].sort()).toEqual(pageDirs('(auth)'));
    // A route per back-office screen: every folder with a page is one the rewrites name (the
    // content areas' generic screens under CONTENT_SEGMENT), and the rest are route handlers.
    const folders = readdirSync(path.join(localeDir, 'Admin'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('['))
      .map((entry) => entry.name);
    expect(folders.sort()).toEqual([...ADMIN_SCREEN_FOLDERS, CONTENT_SEGMENT, 'GalleryUpload', 'InquiriesExport'].sort());
    for (const handler of ['GalleryUpload', 'InquiriesExport'])
      expect(existsSync(path.join(localeDir, 'Admin', handler, 'route.ts'))).toBe(true);
    for (const screen of [
      'page.tsx',
      'Inquiry/[id]/page.tsx',
      '[...rest]/page.tsx',
      ...['', '/Create', '/[id]'].map((s) => `${CONTENT_SEGMENT}/[area]${s}/page.tsx`),
    ])
      expect(existsSync(path.join(localeDir, 'Admin', screen)), screen).toBe(true);
  });

  test("the back office's addresses rewrite to those screens, in both languages, from the registry", () => {
    const rewrites = adminRewrites();
    // The addresses' table (import-free, for next.config.ts) names every entity, in menu order.
    expect(Object.keys(ADMIN_SEGMENTS)).toEqual(ENTITY_METAS.map((meta) => meta.key));
    for (const [from, to] of [
      ['', '/en'],
      ['/ar', '/ar'],
    ]) {
      for (const meta of ENTITY_METAS) {
        const find = (source: string) => rewrites.find((r) => r.source === source)?.destination;
        expect(find(`${from}/Admin/${meta.admin.list}`)).toBe(`${to}/Admin/Content/${meta.key}`);
        expect(find(`${from}/Admin/${meta.admin.create}`)).toBe(`${to}/Admin/Content/${meta.key}/Create`);
        expect(find(`${from}/Admin/${meta.admin.edit}/:id`)).toBe(`${to}/Admin/Content/${meta.key}/:id`);
      }
      for (const folder of ADMIN_SCREEN_FOLDERS)
        expect(rewrites.find((r) => r.source === `${from}/Admin/${folder}/:rest*`)?.destination).toBe(`${to}/Admin/${folder}/:rest*`);
    }
    expect(rewrites).toHaveLength(2 * (3 * ENTITY_METAS.length + ADMIN_SCREEN_FOLDERS.length));
  });

  test('each page has its navigation label, title, description and search placeholder in both languages', () => {
    for (const [name, messages] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      for (const page of PUBLIC_PAGES) {
        expect(messages.nav[page.key], `${name} nav.${page.key}`).toMatch(/\S/);
        expect(messages.meta[page.key].title, `${name} meta.${page.key}.title`).toMatch(/\S/);
        expect(messages.meta[page.key].description, `${name} meta.${page.key}.description`).toMatch(/\S/);
        if ('search' in page) expect(messages.nav[page.search], `${name} nav.${page.search}`).toMatch(/\S/);
      }
    }
  });
});
