import { TIMINGS } from '@/lib/timings';
import { conflict } from '@/lib/errors';
import { defineEntity } from '@/lib/entities/define';
import type { Client } from '@/lib/generated/prisma/client';
import { pickLocalized as pick } from '@/lib/i18n/pick';
import { clientSchema } from './schema';
import { pagePath } from '@/lib/pages';

export const clients = defineEntity<Client>()({
  key: 'clients',
  schema: clientSchema,
  table: 'clients',
  delegate: (client) => client.client,
  orderBy: { id: 'asc' },
  image: { column: 'logo', required: true, urlFolder: 'clientimges' },
  permission: 'content',
  admin: {
    sitePath: () => pagePath('home'),
    list: 'Clients',
    create: 'CreateClient',
    edit: 'Client',
    errorToastMs: TIMINGS.defaultToastMs,
    logo: true,
    card: (c, l, image) => ({
      id: c.id,
      image,
      title: pick(l, c.nameEn, c.nameAr),
      text: pick(l, c.detailsEn, c.detailsAr),
    }),
  },
  view: (c, l, image) => ({ id: c.id, name: pick(l, c.nameEn, c.nameAr), logo: image }),
  // Events show their client's logo; deleting a client must never orphan them silently.
  async beforeRemove(client, db) {
    const events = await db.event.count({ where: { clientId: client.id } });
    if (events > 0) throw conflict('clientHasEvents');
  },
});
