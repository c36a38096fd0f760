import 'server-only';
import { defineEntity, imageUrl } from '@/lib/entities/define';
import { clients } from '@/lib/entities/clients';
import type { Client, Event } from '@/lib/generated/prisma/client';
import { FALLBACK_SLUG } from '@/lib/slug';
import { chooseSlug, keepFormerSlug, type SlugTables } from '@/lib/entities/slugs';
import { eventsMeta } from './meta';
import { projectPath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

export type EventWithClient = Event & { client: Client };

const EVENT_SLUGS: SlugTables = { table: 'events', former: 'event_slugs', owner: 'event_id', fallback: FALLBACK_SLUG };

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
    const slug = await chooseSlug(db, EVENT_SLUGS, { typed: input.slug, name: input.nameEn, id: current?.id, current: current?.slug });
    const services = input.serviceIds.length
      ? (await db.service.findMany({ where: { id: { in: input.serviceIds } }, select: { id: true } })).map((s) => s.id)
      : [];
    return { ...input, slug, serviceIds: input.serviceIds.filter((s) => services.includes(s)) };
  },
  /** A changed slug keeps the old one, so shared links answer a permanent redirect to the new page. */
  async afterUpdate(before, after, db) {
    await keepFormerSlug(db, EVENT_SLUGS, before.slug, after.slug, after.id);
    // Testimonials name their project by its address (lib/entities/testimonials): they follow it.
    if (before.slug !== after.slug)
      await db.testimonial.updateMany({ where: { projectSlug: before.slug }, data: { projectSlug: after.slug } });
  },
});
