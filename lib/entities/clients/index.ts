import 'server-only';
import { conflict } from '@/lib/errors';
import { defineEntity } from '@/lib/entities/define';
import type { Client } from '@/lib/generated/prisma/client';
import { pickLocalized as pick } from '@/lib/i18n/pick';
import { clientsMeta } from './meta';
import { pagePath } from '@/lib/pages';

export const clients = defineEntity<Client>()(clientsMeta, {
  table: 'clients',
  delegate: (client) => client.client,
  orderBy: { id: 'asc' },
  sitePath: () => pagePath('home'),
  card: (c, l, image) => ({
    id: c.id,
    image,
    title: pick(l, c.nameEn, c.nameAr),
    text: pick(l, c.detailsEn, c.detailsAr),
  }),
  view: (c, l, image) => ({ id: c.id, name: pick(l, c.nameEn, c.nameAr), logo: image }),
  // Events show their client's logo; deleting a client must never orphan them silently.
  async beforeRemove(client, db) {
    const events = await db.event.count({ where: { clientId: client.id } });
    if (events > 0) throw conflict('clientHasEvents');
  },
});
