import 'server-only';
import { defineEntity } from '@/lib/entities/define';
import type { Service } from '@/lib/generated/prisma/client';
import { chooseSlug, keepFormerSlug, type SlugTables } from '@/lib/entities/slugs';
import { servicesMeta } from './meta';
import { servicePath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

const SERVICE_SLUGS: SlugTables = { table: 'services', former: 'service_slugs', owner: 'service_id', fallback: 'service' };

// A service has a page of its own at /Services/{slug} (issue 37); /Services lists them all.
export const services = defineEntity<Service>()(servicesMeta, {
  table: 'services',
  delegate: (client) => client.service,
  orderBy: { id: 'asc' },
  sitePath: (s) => servicePath(s.slug),
  card: (s, l, image) => ({
    id: s.id,
    image,
    title: localized(s, 'title', l),
    text: localized(s, 'description', l),
  }),
  view: (s, l, image) => ({
    id: s.id,
    slug: s.slug,
    title: localized(s, 'title', l),
    description: localized(s, 'description', l),
    searchText: [s.titleEn, s.titleAr],
    image,
  }),
  /** The slug, by the projects' rule (lib/entities/slugs.ts), from the English title when blank. */
  async prepare(input, db, current) {
    return {
      ...input,
      slug: await chooseSlug(db, SERVICE_SLUGS, { typed: input.slug, name: input.titleEn, id: current?.id, current: current?.slug }),
    };
  },
  /** A changed slug keeps the old one: its page answers 308 to the new address. */
  async afterUpdate(before, after, db) {
    await keepFormerSlug(db, SERVICE_SLUGS, before.slug, after.slug, after.id);
  },
  // Projects list the services they delivered (events.service_ids), testimonials those they speak
  // of: a deleted one leaves them all.
  async beforeRemove(service, db) {
    await db.$executeRaw`UPDATE events SET service_ids = array_remove(service_ids, ${service.id}) WHERE service_ids @> ARRAY[${service.id}]::int[]`;
    await db.$executeRaw`UPDATE testimonials SET service_ids = array_remove(service_ids, ${service.id}) WHERE service_ids @> ARRAY[${service.id}]::int[]`;
  },
});
