import { describe, expect, it } from 'vitest';
import { invoke, invokeWith, itemCall, sessionCookie } from '../helpers/actions';
import { restoreForm } from '../helpers/activity-fixtures';
import { call, imageFile, unique, userWithToken } from '../helpers/api';
import { testDb } from '../helpers/db';
import { getTestimonials, TESTIMONIALS_SHOWN } from '@/lib/content/testimonials';
import { GET as media } from '@/app/media/[folder]/[name]/route';

// Issue 37 item 2, testimonials, in-process (the file's own database; the back office's item
// actions called as functions, the pages' reader called as they call it). A client's words, made,
// changed and deleted through the entity registry's write path (its validation and activity log),
// shown on Home, on the project they name and on the services they name, at most
// TESTIMONIALS_SHOWN a place. The pages themselves in both languages are
// tests/integration/proof.test.ts.

async function staff() {
  const { token, user } = await userWithToken('admin');
  return { token: token!, cookie: await sessionCookie(user!.email) };
}

async function fixtures() {
  const client = await testDb.client.create({ data: { nameEn: unique('Gulf Bank'), nameAr: 'بنك الخليج', logo: 'logo.png' } });
  const service = await testDb.service.create({
    data: { titleEn: unique('Sound'), titleAr: 'الصوت', descriptionEn: 'd', descriptionAr: 'د', slug: unique('sound').toLowerCase() },
  });
  const slug = unique('summit').toLowerCase();
  const project = await testDb.event.create({
    data: {
      nameEn: 'Leadership Summit',
      nameAr: 'قمة القيادة',
      locationEn: 'Dubai',
      locationAr: 'دبي',
      cost: 1000,
      clientId: client.id,
      slug,
      image: 'summit.jpg',
    },
  });
  return { client, service, project };
}

const fields = (values: Record<string, string | number>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, String(value));
  return form;
};

describe('testimonials', () => {
  it('staff add one with a photo, pasting the project page address; it shows on Home, on that project and on its services, in both languages; the change is logged', async () => {
    const { cookie } = await staff();
    const { client, service, project } = await fixtures();
    const form = fields({
      quoteEn: 'Flawless from the first rehearsal.',
      quoteAr: 'بلا أي خلل منذ التدريب الأول.',
      personEn: 'Mariam Al Falasi',
      personAr: 'مريم الفلاسي',
      roleEn: 'Head of Brand',
      roleAr: 'رئيسة العلامة',
      clientId: client.id,
      projectSlug: `https://7stars.example/ar/Projects/${project.slug}?from=whatsapp`,
      serviceIds: service.id,
    });
    form.append('image', await imageFile('mariam.jpg'));
    const saved = await invoke('saveItem', itemCall('testimonials', null, form), cookie);
    expect(saved.result).toEqual({ ok: true });
    const row = await testDb.testimonial.findFirstOrThrow({ where: { clientId: client.id } });
    expect(row).toMatchObject({ projectSlug: project.slug, serviceIds: [service.id], personAr: 'مريم الفلاسي' });
    expect(row.photo).toMatch(/^[A-Za-z0-9_-]+\.jpg$/);
    // The photo is served from its own folder, as every entity's image is.
    const photo = await media(new Request(`http://localhost/testimonialimges/${row.photo}`), {
      params: Promise.resolve({ folder: 'testimonialimges', name: row.photo! }),
    });
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

    const entry = await testDb.activityLog.findFirstOrThrow({ where: { entity: 'testimonials', entityId: row.id } });
    expect(entry.kind).toBe('create');
    expect(Object.keys(entry.changes as object)).toEqual(
      expect.arrayContaining(['quoteEn', 'quoteAr', 'personEn', 'clientId', 'projectSlug', 'serviceIds', 'photo']),
    );

    const english = {
      id: row.id,
      quote: 'Flawless from the first rehearsal.',
      person: 'Mariam Al Falasi',
      role: 'Head of Brand',
      photo: `/testimonialimges/${row.photo}`,
      client: { name: client.nameEn, logo: '/clientimges/logo.png' },
      project: { name: 'Leadership Summit', path: `/Projects/${project.slug}` },
    };
    expect((await getTestimonials('en', { kind: 'home' }))[0]).toEqual(english);
    expect(await getTestimonials('en', { kind: 'project', slug: project.slug })).toEqual([english]);
    expect(await getTestimonials('en', { kind: 'service', id: service.id })).toEqual([english]);
    expect(await getTestimonials('ar', { kind: 'service', id: service.id })).toEqual([
      {
        ...english,
        quote: 'بلا أي خلل منذ التدريب الأول.',
        person: 'مريم الفلاسي',
        role: 'رئيسة العلامة',
        client: { name: 'بنك الخليج', logo: '/clientimges/logo.png' },
        project: { name: 'قمة القيادة', path: `/Projects/${project.slug}` },
      },
    ]);
    // A draft project is not linked (its page is not public); the words still show.
    await testDb.event.update({ where: { id: project.id }, data: { published: false } });
    expect((await getTestimonials('en', { kind: 'service', id: service.id }))[0]?.project).toBeNull();
  });

  it('refuses what the registry refuses, under each field, and stores nothing: required words, markup, an unknown project or client', async () => {
    const { cookie } = await staff();
    const { client } = await fixtures();
    const before = await testDb.testimonial.count();
    const valid = { quoteEn: 'Great.', quoteAr: 'رائع.', personEn: 'Omar', clientId: client.id };
    const cases: [Record<string, string | number>, Record<string, string[]>][] = [
      [{}, { quoteEn: ['required'], quoteAr: ['required'], personEn: ['required'], clientId: ['required'] }],
      [{ ...valid, quoteEn: 'Loved it <script>alert(1)</script>' }, { quoteEn: ['markupNotAllowed'] }],
      [{ ...valid, quoteAr: '<iframe src="https://example.com">' }, { quoteAr: ['markupNotAllowed'] }],
      [{ ...valid, personEn: '<img src=x onerror="alert(1)">' }, { personEn: ['markupNotAllowed'] }],
      [{ ...valid, roleEn: 'see javascript:alert(1)' }, { roleEn: ['unsafeLink'] }],
      [{ ...valid, roleAr: 'data:text/html,x' }, { roleAr: ['unsafeLink'] }],
      [{ ...valid, personAr: '&#106;avascript:alert(1)' }, { personAr: ['unsafeLink'] }],
      [{ ...valid, quoteEn: 'x'.repeat(601) }, { quoteEn: ['tooLong'] }],
      [{ ...valid, projectSlug: 'no-such-project-anywhere' }, { projectSlug: ['projectMissing'] }],
      [{ ...valid, projectSlug: 'https://evil.example/' }, { projectSlug: ['projectMissing'] }],
      [{ ...valid, clientId: 2_000_000_000 }, { clientId: ['clientMissing'] }],
    ];
    for (const [values, fieldErrors] of cases) {
      const refused = await invoke('saveItem', itemCall('testimonials', null, fields(values)), cookie);
      expect(refused.result, JSON.stringify(values).slice(0, 80)).toEqual({ ok: false, error: 'invalid', fieldErrors });
    }
    expect(await testDb.testimonial.count()).toBe(before);
  });

  it('an edit is logged with what changed; a renamed project carries its testimonials along; a former address is stored as the current one', async () => {
    const { cookie } = await staff();
    const { client, project } = await fixtures();
    const made = await invoke(
      'saveItem',
      itemCall(
        'testimonials',
        null,
        fields({ quoteEn: 'Good.', quoteAr: 'جيد.', personEn: 'Sara', clientId: client.id, projectSlug: project.slug }),
      ),
      cookie,
    );
    expect(made.result).toEqual({ ok: true });
    const row = await testDb.testimonial.findFirstOrThrow({ where: { clientId: client.id } });
    const edited = await invoke('saveItem', itemCall('testimonials', row.id, fields({ quoteEn: 'Outstanding.' })), cookie);
    expect(edited.result).toEqual({ ok: true });
    const update = await testDb.activityLog.findFirstOrThrow({ where: { entity: 'testimonials', entityId: row.id, kind: 'update' } });
    expect(update.changes).toEqual({ quoteEn: { before: 'Good.', after: 'Outstanding.' } });

    // The project gets a new address through its own form: the testimonial follows it.
    const renamed = await invoke(
      'saveItem',
      itemCall(
        'events',
        project.id,
        fields({
          slug: `${project.slug}-2026`,
          nameEn: project.nameEn,
          cost: 1000,
          clientId: client.id,
          locationEn: 'Dubai',
          locationAr: 'دبي',
        }),
      ),
      cookie,
    );
    expect(renamed.result).toEqual({ ok: true });
    expect((await testDb.testimonial.findUniqueOrThrow({ where: { id: row.id } })).projectSlug).toBe(`${project.slug}-2026`);
    // Typed by its old address, it is stored by the new one.
    await invoke('saveItem', itemCall('testimonials', row.id, fields({ projectSlug: project.slug })), cookie);
    expect((await testDb.testimonial.findUniqueOrThrow({ where: { id: row.id } })).projectSlug).toBe(`${project.slug}-2026`);
  });

  it('a delete is logged and restorable; a client with testimonials cannot be deleted (nor through /api); a deleted service leaves them', async () => {
    const { cookie, token } = await staff();
    const { service } = await fixtures();
    // A client with no project: only its testimonial holds it.
    const client = await testDb.client.create({ data: { nameEn: unique('Motors'), nameAr: 'سيارات', logo: 'm.png' } });
    await invoke(
      'saveItem',
      itemCall(
        'testimonials',
        null,
        fields({ quoteEn: 'Good.', quoteAr: 'جيد.', personEn: 'Ali', clientId: client.id, serviceIds: service.id }),
      ),
      cookie,
    );
    const row = await testDb.testimonial.findFirstOrThrow({ where: { clientId: client.id } });
    const refused = await invoke('deleteItem', itemCall('clients', client.id), cookie);
    expect(refused.result).toMatchObject({ ok: false, error: 'clientHasTestimonials' });
    const api = await call(`/api/client/${client.id}`, { token, method: 'DELETE' });
    expect(api.status).toBe(409);
    expect(api.data).toEqual({ message: 'This client still has testimonials. Delete its testimonials first.' });

    expect((await invoke('deleteItem', itemCall('services', service.id), cookie)).result).toEqual({ ok: true });
    expect((await testDb.testimonial.findUniqueOrThrow({ where: { id: row.id } })).serviceIds).toEqual([]);

    expect((await invoke('deleteItem', itemCall('testimonials', row.id), cookie)).result).toEqual({ ok: true });
    expect(await testDb.testimonial.findUnique({ where: { id: row.id } })).toBeNull();
    const deleted = await testDb.activityLog.findFirstOrThrow({ where: { entity: 'testimonials', entityId: row.id, kind: 'delete' } });
    // The log's restore form (a plain form: it answers by going back to the log).
    const restored = await invokeWith('restoreEntry', [restoreForm(deleted.id, 'en')], { cookie });
    expect(restored.status).toBe(303);
    expect(await testDb.testimonial.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ personEn: 'Ali', clientId: client.id });
  });

  it(`each place shows at most ${TESTIMONIALS_SHOWN}, newest first, whatever the table holds`, async () => {
    const { client, service } = await fixtures();
    await testDb.testimonial.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        quoteEn: `Quote ${i}`,
        quoteAr: `قول ${i}`,
        personEn: `Person ${i}`,
        clientId: client.id,
        serviceIds: [service.id],
      })),
    });
    const shown = await getTestimonials('en', { kind: 'service', id: service.id });
    expect(shown.map((t) => t.quote)).toEqual(Array.from({ length: TESTIMONIALS_SHOWN }, (_, i) => `Quote ${39 - i}`));
    expect(await getTestimonials('en', { kind: 'home' })).toHaveLength(TESTIMONIALS_SHOWN);
  });
});
