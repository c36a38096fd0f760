import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { BASE, call, imageFile, unique, userWithToken } from '../helpers/api';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { testDb } from '../helpers/db';
import { errorMessage } from '@/lib/i18n/messages';

// Issue 25: every event is a project with a page of its own. Slugs come from the English name
// (also for events the old client creates), stay unique, can be edited, and an old one answers a
// permanent redirect; drafts are seen by staff only; the old client's JSON keeps its shape.

deleteContentAddedByThisFile();

async function apiEvent(token: string, name: string) {
  const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const res = await call('/api/event', {
    token,
    form: {
      name,
      event_cost: '1000',
      location: 'Coca-Cola Arena, Dubai',
      locationar: 'كوكاكولا أرينا، دبي',
      client_id: String(client.id),
      event_img: await imageFile('event.jpg', 'jpeg', 32),
    },
  });
  expect(res.status).toBe(201);
  return res.data as Record<string, unknown>;
}

/** The back office's form of a project, as its page sends it. */
function projectForm(row: { nameEn: string; locationEn: string; locationAr: string; clientId: number }, extra: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    nameEn: row.nameEn,
    locationEn: row.locationEn,
    locationAr: row.locationAr,
    cost: '1000',
    clientId: String(row.clientId),
    ...extra,
  }))
    form.append(name, value);
  return form;
}

describe('projects', () => {
  it('an event made by the old client gets a slug from its name; a second of that name gets -2; the JSON has no new fields', async () => {
    const { token } = await userWithToken('admin');
    const name = unique('Gala Night Café');
    const first = await apiEvent(token!, name);
    const second = await apiEvent(token!, name);
    const rows = await testDb.event.findMany({ where: { id: { in: [first.id as number, second.id as number] } }, orderBy: { id: 'asc' } });
    const base = name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    expect(rows.map((row) => row.slug)).toEqual([base, `${base}-2`]);
    expect(Object.keys(first).sort()).toEqual(
      [
        'client',
        'client_id',
        'created_at',
        'date',
        'description',
        'descriptionar',
        'event_cost',
        'event_img',
        'id',
        'location',
        'locationar',
        'name',
        'namear',
        'updated_at',
      ].sort(),
    );

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

  it('a changed slug answers a permanent redirect from the old one; a slug another project has is refused under its field', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const created = await apiEvent(token!, unique('Desert Light Festival'));
    const row = await testDb.event.findUniqueOrThrow({ where: { id: created.id as number } });
    const newSlug = `${row.slug}-renamed`;
    const saved = await invoke('saveItem', itemCall('events', row.id, projectForm(row, { slug: newSlug })), cookie);
    expect(saved.result).toEqual({ ok: true });
    expect((await testDb.event.findUniqueOrThrow({ where: { id: row.id } })).slug).toBe(newSlug);

    const old = await fetch(`${BASE}/Projects/${row.slug}`, { redirect: 'manual' });
    expect(old.status).toBe(308);
    expect(new URL(old.headers.get('location')!, BASE).pathname).toBe(`/Projects/${newSlug}`);
    const oldArabic = await fetch(`${BASE}/ar/Projects/${row.slug}`, { redirect: 'manual' });
    expect(new URL(oldArabic.headers.get('location')!, BASE).pathname).toBe(`/ar/Projects/${newSlug}`);

    const other = await apiEvent(token!, unique('Other Project'));
    const otherRow = await testDb.event.findUniqueOrThrow({ where: { id: other.id as number } });
    const refused = await invoke('saveItem', itemCall('events', otherRow.id, projectForm(otherRow, { slug: newSlug })), cookie);
    expect(refused.text).toContain('"slug":["slugTaken"]');
    expect((await testDb.event.findUniqueOrThrow({ where: { id: otherRow.id } })).slug).toBe(otherRow.slug);
  });

  it('a draft is off the public site, /api/home and the sitemap, and still in the staff list of /api/event', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const name = unique('Secret Launch');
    const created = await apiEvent(token!, name);
    const row = await testDb.event.findUniqueOrThrow({ where: { id: created.id as number } });
    const saved = await invoke('saveItem', itemCall('events', row.id, projectForm(row, { published: '0' })), cookie);
    expect(saved.result).toEqual({ ok: true });
    expect((await testDb.event.findUniqueOrThrow({ where: { id: row.id } })).published).toBe(false);

    expect((await fetch(`${BASE}/Projects/${row.slug}`)).status).toBe(404);
    expect(await (await fetch(`${BASE}/Projects?q=${encodeURIComponent(name)}`)).text()).not.toContain(`/Projects/${row.slug}"`);
    expect(await (await fetch(`${BASE}/sitemap.xml`)).text()).not.toContain(`/Projects/${row.slug}<`);
    const home = await call('/api/home');
    expect((home.data as { id: number }[][])[0]!.map((e) => e.id)).not.toContain(row.id);
    const staff = await call('/api/event', { token });
    expect((staff.data as { id: number }[][])[0]!.map((e) => e.id)).toContain(row.id);
    // An update by the old client (it knows nothing of drafts) keeps the project a draft.
    const legacyUpdate = await call(`/api/event/${row.id}`, {
      token,
      form: {
        name,
        event_cost: '1200',
        location: row.locationEn,
        locationar: row.locationAr,
        client_id: String(row.clientId),
        _method: 'PUT',
      },
    });
    expect(legacyUpdate.status).toBe(200);
    expect((await testDb.event.findUniqueOrThrow({ where: { id: row.id } })).published).toBe(false);
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
  it("Home's search (/project-search.json): every published project, the newest 8 and the exact count, cached; bad input is a 400 in both languages", async () => {
    const { token } = await userWithToken('admin');
    const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const place = unique('Liwa Oasis');
    const image = await imageFile('event.jpg', 'jpeg', 32);
    const ids: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const res = await call('/api/event', {
        token,
        form: {
          name: unique(`Search Test ${i}`),
          date: `1991-01-${String(i).padStart(2, '0')}`,
          event_cost: '1000',
          location: place,
          locationar: `واحة ليوا ${place}`,
          client_id: String(client.id),
          event_img: image,
        },
      });
      expect(res.status).toBe(201);
      ids.push((res.data as { id: number }).id);
    }
    // A draft at the same place is never found.
    await testDb.event.update({ where: { id: ids[9]! }, data: { published: false } });
    const search = (query: string, headers: Record<string, string> = {}) => fetch(`${BASE}/project-search.json?${query}`, { headers });

    // Folded as the site folds (letter case; ta marbuta typed as ha), in either language's field.
    const res = await search(`locale=ar&q=${encodeURIComponent(`واحه ليوا ${place}`.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    const body = (await res.json()) as { total: number; cards: { id: number; name: string; location: string }[] };
    expect(body.total).toBe(9);
    // Newest first: 1991-01-09 down to 01-02.
    expect(body.cards.map((card) => card.id)).toEqual(ids.slice(0, 9).reverse().slice(0, 8));
    expect(body.cards.map((card) => card.location)).toEqual(Array(8).fill(`واحة ليوا ${place}`));
    const english = (await (await search(`locale=en&q=${encodeURIComponent(place.toLowerCase())}`)).json()) as typeof body;
    expect(english.total).toBe(9);
    expect(english.cards[0]!.location).toBe(place);
    // The answer is the few cards and the count, not the list.
    expect(Object.keys(body).sort()).toEqual(['cards', 'total']);

    // A write empties the cached answer at once: the newest deleted, the next answer has the others.
    expect((await call(`/api/event/${ids[8]}`, { token, method: 'DELETE' })).status).toBe(200);
    const after = (await (await search(`locale=en&q=${encodeURIComponent(place)}`)).json()) as typeof body;
    expect(after.total).toBe(8);
    expect(after.cards.map((card) => card.id)).toEqual(ids.slice(0, 8).reverse());

    for (const [query, code, status] of [
      ['q=liwa', 'searchLanguage', 400],
      ['locale=fr&q=liwa', 'searchLanguage', 400],
      ['locale=en', 'searchEmpty', 400],
      ['locale=en&q=%20%00%20', 'searchEmpty', 400],
      [`locale=en&q=${'x'.repeat(101)}`, 'searchTooLong', 400],
    ] as const) {
      for (const language of ['en', 'ar'] as const) {
        const refused = await search(query.replace('locale=en', `locale=${language}`), { 'Accept-Language': language });
        expect(refused.status, query).toBe(status);
        expect(refused.headers.get('cache-control')).toBe('no-store');
        expect(await refused.json(), `${query} ${language}`).toEqual({ message: errorMessage(code, language) });
      }
    }
  });
});
