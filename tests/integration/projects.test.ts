import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { BASE, call, unique, userWithToken } from '../helpers/api';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { testDb } from '../helpers/db';
import { apiEventForm, projectForm, searchEventForms, slugOf } from '../helpers/projects-fixtures';

// Issue 25: every event is a project with a page of its own; the parts that need the built
// server. The slugs, the old client's JSON, drafts off the sitemap and /api/home, and Home's
// search answers are tests/inproc/projects.test.ts. Here: the pages Next renders (a project's page
// in both languages, its link preview cut from its image through the image URL next.config
// rewrites, its Event data, the 404s; the permanent redirect the page answers for an old slug; a
// draft's page and the /Projects list; /Projects' filters and search), and Home's search answer
// kept by the server's cache until a write empties it (in-process, reads run uncached).

deleteContentAddedByThisFile();

async function apiEvent(token: string, name: string) {
  const res = await call('/api/event', { token, form: await apiEventForm(name) });
  expect(res.status).toBe(201);
  return res.data as Record<string, unknown>;
}

describe('projects', () => {
  // The slugs and the old client's JSON are the in-process tier's half.
  it('an event made by the old client gets a slug from its name; a second of that name gets -2; the JSON has no new fields (server half: its page, link preview and Event data)', async () => {
    const { token } = await userWithToken('admin');
    const name = unique('Gala Night Café');
    const first = await apiEvent(token!, name);
    const base = slugOf(name);
    expect((await testDb.event.findUniqueOrThrow({ where: { id: first.id as number } })).slug).toBe(base);

    const page = await fetch(`${BASE}/Projects/${base}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(name);
    const arabic = await fetch(`${BASE}/ar/Projects/${base}`);
    expect(arabic.status).toBe(200);

    // Shared: its own title, a 1200x630 preview cut from its image, an Event for search engines.
    const html = await (await fetch(`${BASE}/Projects/${base}`)).text();
    const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
    expect(meta('og:title')).toContain(name);
    expect(meta('og:url')).toMatch(new RegExp(`/Projects/${base}$`));
    const preview = meta('og:image')!.replace(/&amp;/g, '&');
    expect(preview).toMatch(/\/contactimges\/[^/?]+\?crop=share$/);
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);
    const image = await fetch(new URL(new URL(preview).pathname + new URL(preview).search, BASE));
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const { width, height, format } = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([format, width, height]).toEqual(['jpeg', 1200, 630]);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    const event = jsonLd.find((data) => data['@type'] === 'Event')!;
    expect(event.name).toBe(name);
    expect((event.location as { name: string }).name).toBe('Coca-Cola Arena, Dubai');
    expect((event.image as string[])[0]).toMatch(/\/contactimges\//);
    expect(await fetch(`${BASE}/Projects/no-such-project-${Date.now()}`).then((r) => r.status)).toBe(404);
    expect(await fetch(`${BASE}/Projects/${encodeURIComponent('<script>')}`).then((r) => r.status)).toBe(404);
  });

  // The saved slug and a taken one refused are the in-process tier's half.
  it("a changed slug answers a permanent redirect from the old one; a slug another project has is refused under its field (server half: the old slug's permanent redirect)", async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const created = await apiEvent(token!, unique('Desert Light Festival'));
    const row = await testDb.event.findUniqueOrThrow({ where: { id: created.id as number } });
    const newSlug = `${row.slug}-renamed`;
    const saved = await invoke('saveItem', itemCall('events', row.id, projectForm(row, { slug: newSlug })), cookie);
    expect(saved.result).toEqual({ ok: true });

    const old = await fetch(`${BASE}/Projects/${row.slug}`, { redirect: 'manual' });
    expect(old.status).toBe(308);
    expect(new URL(old.headers.get('location')!, BASE).pathname).toBe(`/Projects/${newSlug}`);
    const oldArabic = await fetch(`${BASE}/ar/Projects/${row.slug}`, { redirect: 'manual' });
    expect(new URL(oldArabic.headers.get('location')!, BASE).pathname).toBe(`/ar/Projects/${newSlug}`);
  });

  // The sitemap, /api/home, the staff list and an old client's update are the in-process tier's half.
  it('a draft is off the public site, /api/home and the sitemap, and still in the staff list of /api/event (server half: its page and the /Projects list)', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const name = unique('Secret Launch');
    const created = await apiEvent(token!, name);
    const row = await testDb.event.findUniqueOrThrow({ where: { id: created.id as number } });
    const saved = await invoke('saveItem', itemCall('events', row.id, projectForm(row, { published: '0' })), cookie);
    expect(saved.result).toEqual({ ok: true });

    expect((await fetch(`${BASE}/Projects/${row.slug}`)).status).toBe(404);
    expect(await (await fetch(`${BASE}/Projects?q=${encodeURIComponent(name)}`)).text()).not.toContain(`/Projects/${row.slug}"`);
  });

  it('filters and search read the database: service, year, city, client and Arabic search across all projects', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const service = await testDb.service.findFirstOrThrow({ orderBy: { id: 'desc' } });
    const created = await apiEvent(token!, unique('Filter Test Expo'));
    const row = await testDb.event.findUniqueOrThrow({ where: { id: created.id as number } });
    const saved = await invoke(
      'saveItem',
      itemCall(
        'events',
        row.id,
        projectForm(row, { date: '2019-03-04', cityEn: 'Fujairah', cityAr: 'الفجيرة', serviceIds: String(service.id) }),
      ),
      cookie,
    );
    expect(saved.result).toEqual({ ok: true });
    const link = `/Projects/${row.slug}"`;
    const has = async (query: string) => (await (await fetch(`${BASE}/Projects?${query}`)).text()).includes(link);
    expect(await has(`service=${service.id}&year=2019&city=Fujairah&client=${row.clientId}`)).toBe(true);
    expect(await has('year=2018')).toBe(false);
    expect(await has('city=Dubai')).toBe(false);
    // Arabic search, folded: "الفجيره" (ha for ta marbuta) finds "الفجيرة".
    expect(await has(`q=${encodeURIComponent('الفجيره')}`)).toBe(true);
    // Nonsense in the URL is a normal page, never an error.
    for (const query of ['page=-1', 'page=abc', 'year=99999', 'service=%00', `q=${'x'.repeat(5000)}`, 'city=%25%5F']) {
      expect((await fetch(`${BASE}/Projects?${query}`)).status, query).toBe(200);
    }
  });
  // The route's answers, its refusals and the tags a write expires are the in-process tier's half.
  it("Home's search (/project-search.json): every published project, the newest 8 and the exact count, cached; bad input is a 400 in both languages (server half: the cached answer, emptied by a write)", async () => {
    const { token } = await userWithToken('admin');
    const place = unique('Liwa Oasis');
    const ids: number[] = [];
    for (const form of await searchEventForms(place)) {
      const res = await call('/api/event', { token, form });
      expect(res.status).toBe(201);
      ids.push((res.data as { id: number }).id);
    }
    // A draft at the same place is never found.
    await testDb.event.update({ where: { id: ids[9]! }, data: { published: false } });
    const search = (query: string) => fetch(`${BASE}/project-search.json?${query}`);

    // The answer the server keeps (its cache and shared caches, as a page).
    const res = await search(`locale=en&q=${encodeURIComponent(place)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    const body = (await res.json()) as { total: number; cards: { id: number; name: string; location: string }[] };
    expect(body.total).toBe(9);

    // A write empties the cached answer at once: the newest deleted, the next answer has the others.
    expect((await call(`/api/event/${ids[8]}`, { token, method: 'DELETE' })).status).toBe(200);
    const after = (await (await search(`locale=en&q=${encodeURIComponent(place)}`)).json()) as typeof body;
    expect(after.total).toBe(8);
    expect(after.cards.map((card) => card.id)).toEqual(ids.slice(0, 8).reverse());
  });
});
