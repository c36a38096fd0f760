// The projects tests' forms and slug rule, used by both tiers (tests/inproc and tests/integration projects.test.ts).
import { imageFile } from './api';
import { testDb, unique } from './db';

/** A project's slug as made from its English name. */
export const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The old client's form for a new event named `name`, for the first client, at the Coca-Cola Arena. */
export async function apiEventForm(name: string) {
  const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
  return {
    name,
    event_cost: '1000',
    location: 'Coca-Cola Arena, Dubai',
    locationar: 'كوكاكولا أرينا، دبي',
    client_id: String(client.id),
    event_img: await imageFile('event.jpg', 'jpeg', 32),
  };
}

/** The back office's form of a project, as its page sends it. */
export function projectForm(
  row: { nameEn: string; locationEn: string; locationAr: string; clientId: number },
  extra: Record<string, string>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    nameEn: row.nameEn,
    locationEn: row.locationEn,
    locationAr: row.locationAr,
    cost: '1000',
    clientId: String(row.clientId),
    ...extra,
  }))
    form.append(name, value);
  return form;
}

/**
 * The old client's forms for Home's search's ten projects at `place` (the first client's, dated
 * 1991-01-01 to 01-10, so the newest is the last).
 */
export async function searchEventForms(place: string) {
  const client = await testDb.client.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const image = await imageFile('event.jpg', 'jpeg', 32);
  return Array.from({ length: 10 }, (_, at) => ({
    name: unique(`Search Test ${at + 1}`),
    date: `1991-01-${String(at + 1).padStart(2, '0')}`,
    event_cost: '1000',
    location: place,
    locationar: `واحة ليوا ${place}`,
    client_id: String(client.id),
    event_img: image,
  }));
}
