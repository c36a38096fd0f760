import 'server-only';
import { defineEntity } from '@/lib/entities/define';
import type { Service } from '@/lib/generated/prisma/client';
import { pickLocalized as pick } from '@/lib/i18n/pick';
import { servicesMeta } from './meta';
import { pagePath } from '@/lib/pages';

export const services = defineEntity<Service>()(servicesMeta, {
  table: 'services',
  delegate: (client) => client.service,
  orderBy: { id: 'asc' },
  sitePath: () => pagePath('services'),
  card: (s, l, image) => ({
    id: s.id,
    image,
    title: pick(l, s.titleEn, s.titleAr),
    text: pick(l, s.descriptionEn, s.descriptionAr),
  }),
  view: (s, l, image) => ({
    id: s.id,
    title: pick(l, s.titleEn, s.titleAr),
    description: pick(l, s.descriptionEn, s.descriptionAr),
    searchText: [s.titleEn, s.titleAr],
    image,
  }),
  // Projects list the services they delivered (events.service_ids): a deleted one leaves them all.
  async beforeRemove(service, db) {
    await db.$executeRaw`UPDATE events SET service_ids = array_remove(service_ids, ${service.id}) WHERE service_ids @> ARRAY[${service.id}]::int[]`;
  },
});
