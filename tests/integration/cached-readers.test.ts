import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_FILTER, PROJECTS_PER_PAGE } from '@/lib/content/projects';
import { SEARCH_MAX } from '@/lib/search';
import { BASE, freshIp } from '../helpers/api';
import { type Arg } from '../helpers/actions';
import { encode } from '../helpers/transport-http';
import { testDb } from '../helpers/db';

// Every `'use cache'` function is a server reference: its id is in the build's manifest and a
// POST with `Next-Action: <id>` to a page that loads its module runs it with whatever arguments
// the body holds (issue 34). Each reader now refuses arguments no page passes (a 404, nothing
// read or cached) and the settings reader holds only what pages show (docs/security.md).

const manifest = JSON.parse(readFileSync(path.resolve('.next/server/server-reference-manifest.json'), 'utf8')) as {
  node: Record<string, { filename: string; exportedName: string; workers: Record<string, unknown> }>;
};
/** The info byte's top bit marks a `'use cache'` reference (next/dist/shared/lib/server-reference-info). */
const isUseCache = (id: string) => parseInt(id.slice(0, 2), 16) >> 7 === 1;
const CACHED = Object.entries(manifest.node).filter(([id]) => isUseCache(id));

/** A demo service's page: the service page's reader (issue 37) is loaded by that page alone. */
const SERVICE_PAGE = 'Services/[slug]';
const DEMO_SERVICE = 'led-screens';

/**
 * A page of the worker's that needs no parameter of its own ("app/[locale]/(site)/Projects/page"
 * is /Projects), or the demo's LED Screens page for the service page.
 */
function pageOf(worker: string): string | null {
  if (!worker.endsWith('/page')) return null;
  const segments = worker
    .slice('app/'.length, -'/page'.length)
    .replace(SERVICE_PAGE, `Services/${DEMO_SERVICE}`)
    .split('/')
    .filter((s) => s && s !== '[locale]' && !/^\(.*\)$/.test(s) && !/^\[\[\.\.\..+\]\]$/.test(s));
  return segments.some((s) => s.startsWith('[')) ? null : `/${segments.join('/')}`;
}

/** The reference's id, called as a crafted request would, on a page that loads its module. */
async function callReference(id: string, args: Arg[]) {
  const page =
    Object.keys(manifest.node[id]!.workers)
      .map(pageOf)
      .find((p) => p !== null) ?? '/';
  const { body, type } = encode(args);
  const res = await fetch(`${BASE}${page}`, {
    method: 'POST',
    headers: { 'Next-Action': id, Accept: 'text/x-component', Origin: BASE, 'X-Forwarded-For': freshIp(), 'Content-Type': type! },
    body,
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

/** The ids of one file's cached functions, in the order they stand in it ($$RSC_SERVER_CACHE_0, _1...). */
const idsIn = (filename: string) =>
  CACHED.filter(([, v]) => v.filename === filename)
    .sort(([, a], [, b]) => a.exportedName.localeCompare(b.exportedName))
    .map(([id]) => id);

describe("'use cache' readers called from outside", () => {
  it('the build has the readers the probe found (projects, settings, public content, service options, the service page, the pages’ search and sharing, testimonials, certifications, /api/home)', () => {
    expect([...new Set(CACHED.map(([, v]) => v.filename))].sort()).toEqual([
      'lib/content/certifications.ts',
      'lib/content/legacy-home.ts',
      'lib/content/projects.ts',
      'lib/content/public.ts',
      'lib/content/services.ts',
      'lib/content/testimonials.ts',
      'lib/inquiries/index.ts',
      'lib/settings/index.ts',
      'lib/settings/page-seo.ts',
    ]);
  });

  it("/api/home's reader is loaded by its route alone, which never runs a server reference", () => {
    const [homeId] = idsIn('lib/content/legacy-home.ts');
    expect(Object.keys(manifest.node[homeId!]!.workers)).toEqual(['app/api/home/route']);
  });

  it('every one a page loads refuses an argument more than the page passes: 404', async () => {
    const onPages = CACHED.filter(([, v]) => Object.keys(v.workers).some((w) => pageOf(w) !== null));
    expect(onPages).toHaveLength(CACHED.length - 1);
    for (const [id, v] of onPages) {
      const res = await callReference(id, ['en', NO_FILTER, PROJECTS_PER_PAGE, 'extra', 'extra']);
      expect(res.status, `${v.filename} ${v.exportedName}`).toBe(404);
    }
  });

  it("the project list: a page size of 100,000, a made-up language or filter are refused; the page's own call is answered", async () => {
    // readProjectPage is the file's first cached function.
    const [listId] = idsIn('lib/content/projects.ts');
    for (const args of [
      ['en', NO_FILTER, 100_000],
      ['en', NO_FILTER, 13],
      ['xx', NO_FILTER, PROJECTS_PER_PAGE],
      ['en', { ...NO_FILTER, page: 0 }, PROJECTS_PER_PAGE],
      ['en', { ...NO_FILTER, extra: 1 }, PROJECTS_PER_PAGE],
      // One past the longest folded query (SEARCH_MAX, each character NFKC-expanded 18 times at most).
      ['en', { ...NO_FILTER, q: 'x'.repeat(SEARCH_MAX * 18 + 1) }, PROJECTS_PER_PAGE],
      ['en', null, PROJECTS_PER_PAGE],
    ])
      expect((await callReference(listId!, args)).status, JSON.stringify(args).slice(0, 80)).toBe(404);
    const total = await testDb.event.count({ where: { published: true } });
    const res = await callReference(listId!, ['en', NO_FILTER, PROJECTS_PER_PAGE]);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`"total":${total},"page":1,"pages":${Math.max(1, Math.ceil(total / PROJECTS_PER_PAGE))}`);
  });

  it("the service page's reader: a made-up language or a slug that is not a string is refused; the page's own call is answered", async () => {
    const [serviceId] = idsIn('lib/content/services.ts');
    for (const args of [
      ['xx', DEMO_SERVICE],
      ['en', 42],
      ['en', { slug: DEMO_SERVICE }],
      ['en', DEMO_SERVICE, 'extra'],
    ])
      expect((await callReference(serviceId!, args)).status, JSON.stringify(args)).toBe(404);
    const res = await callReference(serviceId!, ['en', DEMO_SERVICE]);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`"slug":"${DEMO_SERVICE}"`);
  });

  it("the testimonials' reader: a made-up place, language or an odd id or slug is refused; the pages' own calls are answered", async () => {
    const [testimonialsId] = idsIn('lib/content/testimonials.ts');
    for (const args of [
      ['xx', { kind: 'home' }],
      ['en', { kind: 'home', extra: 1 }],
      ['en', { kind: 'all' }],
      ['en', { kind: 'service', id: '1' }],
      ['en', { kind: 'service', id: 2_147_483_648 }],
      ['en', { kind: 'service', id: 1.5 }],
      ['en', { kind: 'project', slug: '../etc' }],
      ['en', { kind: 'project', slug: 'x'.repeat(500) }],
      ['en', null],
      ['en', { kind: 'home' }, 'extra'],
    ])
      expect((await callReference(testimonialsId!, args)).status, JSON.stringify(args).slice(0, 80)).toBe(404);
    for (const place of [{ kind: 'home' }, { kind: 'service', id: 1 }, { kind: 'project', slug: 'expo-gala' }])
      expect((await callReference(testimonialsId!, ['ar', place])).status, JSON.stringify(place)).toBe(200);
    const [certificationsId] = idsIn('lib/content/certifications.ts');
    expect((await callReference(certificationsId!, ['xx'])).status).toBe(404);
    expect((await callReference(certificationsId!, ['en'])).status).toBe(200);
  });

  it('the settings reader holds what pages show, never the inquiry recipients or the log retention', async () => {
    const [settingsId] = idsIn('lib/settings/index.ts');
    const before = await testDb.siteSettings.findUnique({ where: { id: 1 } });
    await testDb.siteSettings.upsert({
      where: { id: 1 },
      update: { inquiryRecipients: 'staff-probe@example.com' },
      create: { id: 1, inquiryRecipients: 'staff-probe@example.com' },
    });
    try {
      const res = await callReference(settingsId!, []);
      expect(res.status).toBe(200);
      expect(res.text).toContain('"companyNameEn"');
      expect(res.text).not.toContain('inquiryRecipients');
      expect(res.text).not.toContain('staff-probe@example.com');
      expect(res.text).not.toContain('activityRetentionDays');
    } finally {
      if (before) await testDb.siteSettings.update({ where: { id: 1 }, data: { inquiryRecipients: before.inquiryRecipients } });
      else await testDb.siteSettings.delete({ where: { id: 1 } });
    }
  });
});
