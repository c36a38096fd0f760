import 'server-only';
import { invalid } from '@/lib/errors';
import { defineEntity, imageUrl } from '@/lib/entities/define';
import { clients } from '@/lib/entities/clients';
import type { Client, Event } from '@/lib/generated/prisma/client';
import { FALLBACK_SLUG, freeSlug, slugify } from '@/lib/slug';
import { eventsMeta } from './meta';
import { projectPath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

export type EventWithClient = Event & { client: Client };

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

// An event is a project of the portfolio (issue 25): its page is /Projects/{slug}. The public
// reads of projects are paged and filtered in the database (lib/content/projects.ts); `view`
// below is the old home grid's card, kept for the places that list every published event.
export const events = defineEntity<EventWithClient>()(eventsMeta, {
  table: 'events',
  delegate: (client) => client.event,
  include: { client: true },
  orderBy: [{ date: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
  dependsOn: ['clients', 'services'],
  publicWhere: { published: true },
  sitePath: (e) => (e.published ? projectPath(e.slug) : null),
  card: (e, l, image) => ({
    id: e.id,
    image,
    title: localized(e, 'name', l),
    subtitle: [day(e.date) ?? '', localized(e, 'location', l)].filter(Boolean).join(' - '),
    text: localized(e, 'description', l) || localized(e.client, 'name', l),
  }),
  view: (e, l, image) => ({
    id: e.id,
    slug: e.slug,
    name: localized(e, 'name', l),
    location: localized(e, 'location', l),
    /** Both languages, so search matches either whatever the page language. */
    searchText: [e.locationEn, e.locationAr],
    date: day(e.date),
    image,
    client: { name: localized(e.client, 'name', l), logo: imageUrl(clients, e.client.logo) },
  }),
  async check(input, db) {
    const exists = await db.client.count({ where: { id: input.clientId } });
    return exists ? null : { clientId: ['clientMissing'] };
  },
  /**
   * The slug: as typed (refused when another project has it, now or as a former slug), or made
   * from the English name with -2, -3… until free. Services that no longer exist are dropped.
   */
  async prepare(input, db, current) {
    const typed = input.slug !== '' && input.slug !== current?.slug;
    const base = input.slug || slugify(input.nameEn) || FALLBACK_SLUG;
    const id = current?.id ?? 0;
    const like = `${base}-%`;
    const taken = await db.$queryRaw<{ slug: string }[]>`
      SELECT slug FROM events WHERE (slug = ${base} OR slug LIKE ${like}) AND id <> ${id}
      UNION SELECT slug FROM event_slugs WHERE (slug = ${base} OR slug LIKE ${like}) AND event_id <> ${id}`;
    const takenSlugs = new Set(taken.map((row) => row.slug));
    if (typed && takenSlugs.has(base)) throw invalid({ slug: ['slugTaken'] });
    const services = input.serviceIds.length
      ? (await db.service.findMany({ where: { id: { in: input.serviceIds } }, select: { id: true } })).map((s) => s.id)
      : [];
    return { ...input, slug: freeSlug(base, takenSlugs), serviceIds: input.serviceIds.filter((s) => services.includes(s)) };
  },
  /** A changed slug keeps the old one, so shared links answer 301 to the new page. */
  async afterUpdate(before, after, db) {
    if (before.slug === after.slug) return;
    await db.eventSlug.deleteMany({ where: { slug: after.slug } });
    await db.eventSlug.upsert({
      where: { slug: before.slug },
      create: { slug: before.slug, eventId: after.id },
      update: { eventId: after.id },
    });
  },
});
