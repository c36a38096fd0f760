import 'server-only';
import { db } from '@/lib/db/client';
import { TAGS } from '@/lib/cache';
import type { EntityConfig } from '@/lib/entities/crud';
import type { Client, Event } from '@/lib/generated/prisma/client';
import { eventSchema, type EventInput } from './schema';

export type EventWithClient = Event & { client: Client };

export const eventEntity: EntityConfig<EventWithClient, EventInput> = {
  tag: TAGS.events,
  schema: eventSchema,
  table: 'events',
  delegate: (client) => client.event,
  include: { client: true },
  orderBy: [{ date: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
  image: { column: 'image', folder: 'events', required: true },
  toData: ({ date, ...rest }) => ({ ...rest, date: date ? new Date(`${date}T00:00:00Z`) : null }),
  toInput: (e) => ({
    nameEn: e.nameEn,
    nameAr: e.nameAr,
    date: e.date ? e.date.toISOString().slice(0, 10) : '',
    locationEn: e.locationEn,
    locationAr: e.locationAr,
    descriptionEn: e.descriptionEn,
    descriptionAr: e.descriptionAr,
    cost: e.cost.toString(),
    clientId: e.clientId,
  }),
  async check(input) {
    const exists = await db.client.count({ where: { id: input.clientId } });
    return exists ? null : { clientId: ['clientMissing'] };
  },
};
