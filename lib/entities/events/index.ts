import { TIMINGS } from '@/lib/timings';
import { defineEntity, imageUrl } from '@/lib/entities/define';
import { clients } from '@/lib/entities/clients';
import type { Client, Event } from '@/lib/generated/prisma/client';
import { pickLocalized as pick } from '@/lib/i18n/pick';
import { legacyEvent } from '@/lib/legacy/serializer';
import { eventSchema } from './schema';

export type EventWithClient = Event & { client: Client };

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export const events = defineEntity<EventWithClient>()({
  key: 'events',
  schema: eventSchema,
  table: 'events',
  delegate: (client) => client.event,
  include: { client: true },
  orderBy: [{ date: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
  dependsOn: ['clients'],
  image: { column: 'image', required: true, urlFolder: 'contactimges' },
  permission: 'content',
  admin: {
    list: 'Events',
    create: 'CreateEvent',
    edit: 'Event',
    fields: [
      { name: 'nameEn', kind: 'text' },
      { name: 'nameAr', kind: 'text', rtl: true },
      { name: 'date', kind: 'date' },
      { name: 'cost', kind: 'number' },
      { name: 'clientId', kind: 'select', optionsFrom: 'clients' },
      { name: 'locationEn', kind: 'text' },
      { name: 'locationAr', kind: 'text', rtl: true },
      { name: 'descriptionEn', kind: 'textarea' },
      { name: 'descriptionAr', kind: 'textarea', rtl: true },
    ],
    errorToastMs: TIMINGS.errorToastMs,
    card: (e, l, image) => ({
      id: e.id,
      image,
      title: pick(l, e.nameEn, e.nameAr),
      subtitle: [day(e.date) ?? '', pick(l, e.locationEn, e.locationAr)].filter(Boolean).join(' - '),
      text: pick(l, e.descriptionEn, e.descriptionAr) || pick(l, e.client.nameEn, e.client.nameAr),
    }),
  },
  view: (e, l, image) => ({
    id: e.id,
    name: pick(l, e.nameEn, e.nameAr),
    location: pick(l, e.locationEn, e.locationAr),
    /** Both languages, so search matches either whatever the page language. */
    searchText: [e.locationEn, e.locationAr],
    date: day(e.date),
    image,
    client: { name: pick(l, e.client.nameEn, e.client.nameAr), logo: imageUrl(clients, e.client.logo) },
  }),
  legacy: { resource: 'event', homeIndex: 0, format: legacyEvent },
  async check(input, db) {
    const exists = await db.client.count({ where: { id: input.clientId } });
    return exists ? null : { clientId: ['clientMissing'] };
  },
});
