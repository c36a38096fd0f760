import 'server-only';
import { conflict } from '@/lib/errors';
import { defineEntity } from '@/lib/entities/define';
import type { Client } from '@/lib/generated/prisma/client';
import { clientsMeta } from './meta';
import { pagePath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

export const clients = defineEntity<Client>()(clientsMeta, {
  table: 'clients',
  delegate: (client) => client.client,
  orderBy: { id: 'asc' },
  sitePath: () => pagePath('home'),
  card: (c, l, image) => ({
    id: c.id,
    image,
    title: localized(c, 'name', l),
    text: localized(c, 'details', l),
  }),
  view: (c, l, image) => ({ id: c.id, name: localized(c, 'name', l), logo: image }),
  // Events and testimonials show their client's logo; deleting a client must never orphan them silently.
  async beforeRemove(client, db) {
    const events = await db.event.count({ where: { clientId: client.id } });
    if (events > 0) throw conflict('clientHasEvents');
    const testimonials = await db.testimonial.count({ where: { clientId: client.id } });
    if (testimonials > 0) throw conflict('clientHasTestimonials');
  },
});
