import 'server-only';
import { defineEntity } from '@/lib/entities/define';
import type { Service } from '@/lib/generated/prisma/client';
import { servicesMeta } from './meta';
import { pagePath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

export const services = defineEntity<Service>()(servicesMeta, {
  table: 'services',
  delegate: (client) => client.service,
  orderBy: { id: 'asc' },
  sitePath: () => pagePath('services'),
  card: (s, l, image) => ({
    id: s.id,
    image,
    title: localized(s, 'title', l),
    text: localized(s, 'description', l),
  }),
  view: (s, l, image) => ({
    id: s.id,
    title: localized(s, 'title', l),
    description: localized(s, 'description', l),
    searchText: [s.titleEn, s.titleAr],
    image,
  }),
  // Projects list the services they delivered (events.service_ids): a deleted one leaves them all.
  async beforeRemove(service, db) {
    await db.$executeRaw`UPDATE events SET service_ids = array_remove(service_ids, ${service.id}) WHERE service_ids @> ARRAY[${service.id}]::int[]`;
  },
});
