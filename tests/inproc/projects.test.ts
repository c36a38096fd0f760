import { describe, expect, it } from 'vitest';
import { invoke, itemCall, sessionCookie } from '../helpers/actions';
import { call, unique, userWithToken } from '../helpers/api';
import { testDb } from '../helpers/db';
import { apiEventForm, projectForm, searchEventForms, slugOf } from '../helpers/projects-fixtures';
import { clearRecorded, recorded } from '../helpers/next-cache-recorder';
import sitemap from '@/app/sitemap';
import { getProject } from '@/lib/content/projects';
import { errorMessage } from '@/lib/i18n/messages';

// Issue 25: every event is a project with a page of its own, in-process (the file's own database;
// /api and /project-search.json answered by their route handlers, the back office's action called
// as a function, the sitemap's own function). Slugs come from the English name (also for events
// the old client creates), stay unique and can be edited, and an old one is kept for the redirect;
// drafts are off the sitemap and /api/home, still in the staff list; the old client's JSON keeps
// its shape; Home's search answers the published projects, refuses bad input, and a write expires
// the tag its read carries. The pages themselves (a project's page and preview, the 308 from an
// old slug, /Projects' filters) and the shared cache of the search are
// tests/integration/projects.test.ts. The database is this file's own, discarded at its end, so
// nothing is cleaned up.

async function apiEvent(token: string, name: string) {
  const res = await call('/api/event', { token, form: await apiEventForm(name) });
  expect(res.status).toBe(201);
  return res.data as Record<string, unknown>;
}

describe('projects', () => {
  // Its page, link preview and search-engine data are the HTTP tier's half.
  it('an event made by the old client gets a slug from its name; a second of that name gets -2; the JSON has no new fields (in-process half: the slugs and the JSON)', async () => {
    const { token } = await userWithToken('admin');
    const name = unique('Gala Night Café');
    const first = await apiEvent(token!, name);
    const second = await apiEvent(token!, name);
    const rows = await testDb.event.findMany({ where: { id: { in: [first.id as number, second.id as number] } }, orderBy: { id: 'asc' } });
    const base = slugOf(name);
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
  });

  // The old slug's 308 from the page is the HTTP tier's half.
  it('a changed slug answers a permanent redirect from the old one; a slug another project has is refused under its field (in-process half: the saved slug, the old one kept, a taken one refused)', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const created = await apiEvent(token!, unique('Desert Light Festival'));
    const row = await testDb.event.findUniqueOrThrow({ where: { id: created.id as number } });
    const newSlug = `${row.slug}-renamed`;
    const saved = await invoke('saveItem', itemCall('events', row.id, projectForm(row, { slug: newSlug })), cookie);
    expect(saved.result).toEqual({ ok: true });
    expect((await testDb.event.findUniqueOrThrow({ where: { id: row.id } })).slug).toBe(newSlug);
    // What the page's redirect is made from: the old slug names the project's new one.
    expect(await getProject('en', row.slug)).toEqual({ kind: 'moved', slug: newSlug });

    const other = await apiEvent(token!, unique('Other Project'));
    const otherRow = await testDb.event.findUniqueOrThrow({ where: { id: other.id as number } });
    const refused = await invoke('saveItem', itemCall('events', otherRow.id, projectForm(otherRow, { slug: newSlug })), cookie);
    expect(refused.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { slug: ['slugTaken'] } });
    expect((await testDb.event.findUniqueOrThrow({ where: { id: otherRow.id } })).slug).toBe(otherRow.slug);
  });

  // Its page's 404 and the /Projects list are the HTTP tier's half.
  it('a draft is off the public site, /api/home and the sitemap, and still in the staff list of /api/event (in-process half: the sitemap, /api/home, /api/event, an old client update)', async () => {
    const { token, user } = await userWithToken('admin');
    const cookie = await sessionCookie(user!.email);
    const name = unique('Secret Launch');
    const created = await apiEvent(token!, name);
    const row = await testDb.event.findUniqueOrThrow({ where: { id: created.id as number } });
    /** Every address the sitemap lists: each entry's own and its language alternates. */
    const listed = async () =>
      (await sitemap()).flatMap((entry) =>
        [entry.url, ...Object.values(entry.alternates?.languages ?? {})].filter((url) => url !== undefined).map(String),
      );
    // Listed while published (both languages), so its absence below is the draft's doing.
    expect((await listed()).filter((url) => url.endsWith(`/Projects/${row.slug}`)).length).toBeGreaterThan(0);
    const saved = await invoke('saveItem', itemCall('events', row.id, projectForm(row, { published: '0' })), cookie);
    expect(saved.result).toEqual({ ok: true });
    expect((await testDb.event.findUniqueOrThrow({ where: { id: row.id } })).published).toBe(false);

    expect(await getProject('en', row.slug)).toEqual({ kind: 'missing' });
    expect((await listed()).filter((url) => url.endsWith(`/Projects/${row.slug}`))).toEqual([]);
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

  // That a shared cache then serves the answer and the write empties it is the HTTP tier's half;
  // here the read runs uncached, and the tags it carries and the write expires are asserted.
  it("Home's search (/project-search.json): every published project, the newest 8 and the exact count, cached; bad input is a 400 in both languages (in-process half: the route's answers, the tags a write expires)", async () => {
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
    const search = (query: string, headers: Record<string, string> = {}) => call(`/project-search.json?${query}`, { headers });

    // Folded as the site folds (letter case; ta marbuta typed as ha), in either language's field.
    clearRecorded();
    const res = await search(`locale=ar&q=${encodeURIComponent(`واحه ليوا ${place}`.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    // The read carries the tags of what it reads.
    expect(recorded.tagged).toEqual(['events', 'clients', 'services']);
    const body = res.data as { total: number; cards: { id: number; name: string; location: string }[] };
    expect(body.total).toBe(9);
    // Newest first: 1991-01-09 down to 01-02.
    expect(body.cards.map((card) => card.id)).toEqual(ids.slice(0, 9).reverse().slice(0, 8));
    expect(body.cards.map((card) => card.location)).toEqual(Array(8).fill(`واحة ليوا ${place}`));
    const english = (await search(`locale=en&q=${encodeURIComponent(place.toLowerCase())}`)).data as typeof body;
    expect(english.total).toBe(9);
    expect(english.cards[0]!.location).toBe(place);
    // The answer is the few cards and the count, not the list.
    expect(Object.keys(body).sort()).toEqual(['cards', 'total']);

    // A write empties the cached answer at once: the newest deleted, the next answer has the others.
    clearRecorded();
    expect((await call(`/api/event/${ids[8]}`, { token, method: 'DELETE' })).status).toBe(200);
    expect(recorded.expired).toContain('events');
    const after = (await search(`locale=en&q=${encodeURIComponent(place)}`)).data as typeof body;
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
        expect(refused.data, `${query} ${language}`).toEqual({ message: errorMessage(code, language) });
      }
    }
  });
});
