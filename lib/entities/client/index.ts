import 'server-only';
import { db } from '@/lib/db/client';
import { TAGS } from '@/lib/cache';
import { conflict } from '@/lib/errors';
import type { EntityConfig } from '@/lib/entities/crud';
import type { Client } from '@/lib/generated/prisma/client';
import { clientSchema, type ClientInput } from './schema';

export const clientEntity: EntityConfig<Client, ClientInput> = {
  tag: TAGS.clients,
  schema: clientSchema,
  table: 'clients',
  delegate: (client) => client.client,
  orderBy: { id: 'asc' },
  image: { column: 'logo', folder: 'clients', required: true },
  toData: (input) => input,
  toInput: ({ nameEn, nameAr, detailsEn, detailsAr }) => ({ nameEn, nameAr, detailsEn, detailsAr }),
  // Events show their client's logo; deleting a client must never orphan them silently.
  async beforeRemove(client) {
    const events = await db.event.count({ where: { clientId: client.id } });
    if (events > 0) throw conflict('clientHasEvents');
  },
};
