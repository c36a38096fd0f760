import 'server-only';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { db } from '@/lib/db/client';
import type { Who } from '@/lib/activity';
import type { AnyEntity } from '@/lib/entities/define';
import * as crud from '@/lib/entities/crud';
import { clients } from '@/lib/entities/clients';
import { contacts } from '@/lib/entities/contacts';
import { events } from '@/lib/entities/events';
import { services } from '@/lib/entities/services';
import { slides } from '@/lib/entities/slides';
import { team } from '@/lib/entities/team';
import { testimonials } from '@/lib/entities/testimonials';
import { certifications } from '@/lib/entities/certifications';
import { slugify } from '@/lib/slug';
import { uploads } from '@/lib/uploads/store';
import { type UploadFolder } from '@/lib/uploads/store-contract';
import demo from './demo/content.json';

// `npm run demo:remove` (issue 35, item 5): the demo company out, the settings and accounts kept.
// The seed does not mark its rows, so a row counts as demo content only while it is still exactly
// as lib/db/seed.ts wrote it: every text the seed set equal to lib/db/demo/content.json and its
// picture the same bytes as the demo's file (the seed stores the committed file as is; an upload
// from the back office is re-encoded, so it never matches). A row staff added, or a demo row they
// edited in any field the seed set, or whose picture they replaced, is theirs and is kept. A demo
// client or service that a kept project refers to is kept too (deleting the client is refused,
// deleting the service would take it off that project). Each removal goes through the entity
// write path: it is logged and restorable from /Admin/Activity like a delete in the back office.

const IMAGES = new URL('./demo/images/', import.meta.url);

/** The removed and kept counts, by entity key, in the order removed. */
export interface DemoRemoval {
  removed: Record<DemoKey, number>;
  /** Demo clients and services kept because a project that is not the demo's refers to them. */
  keptInUse: { clients: number; services: number };
}

type DemoKey = 'testimonials' | 'events' | 'clients' | 'services' | 'team' | 'slides' | 'contacts' | 'certifications';

/** Testimonials and events first: a demo client can only be deleted once its projects and words are. */
const ORDER: DemoKey[] = ['testimonials', 'events', 'clients', 'services', 'team', 'slides', 'contacts', 'certifications'];

const ENTITY: Record<DemoKey, AnyEntity> = { testimonials, events, clients, services, team, slides, contacts, certifications };

type Fields = Record<string, unknown>;

interface DemoRecord {
  /** The demo's picture file in lib/db/demo/images; null: the seed gave it none (a testimonial). */
  file: string | null;
  /** True when the row still holds what the seed wrote from this record (its picture aside). */
  same: (row: Fields) => boolean;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every text the seed copied from the record is still as the seed wrote it. */
const sameTexts = (row: Fields, record: Fields, keys: string[]) => keys.every((key) => row[key] === record[key]);

const textKeys = (record: object, except: string[]) => Object.keys(record).filter((key) => !except.includes(key));

const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : null);

function records(): Record<DemoKey, DemoRecord[]> {
  return {
    slides: demo.slides.map((s) => ({ file: s.image, same: () => true })),
    testimonials: demo.testimonials.map((t) => ({
      file: null,
      same: (row) =>
        sameTexts(row, t, textKeys(t, ['client', 'project', 'services'])) &&
        (row.client as Fields | undefined)?.nameEn === demo.clients[t.client]?.nameEn,
    })),
    clients: demo.clients.map((c) => ({ file: c.logo, same: (row) => sameTexts(row, c, textKeys(c, ['logo'])) })),
    services: demo.services.map((s) => ({ file: s.image, same: (row) => sameTexts(row, s, textKeys(s, ['image'])) })),
    team: demo.team.map((t) => ({ file: t.image, same: (row) => sameTexts(row, t, textKeys(t, ['image'])) })),
    contacts: [{ file: demo.contact.logo, same: (row) => sameTexts(row, demo.contact, textKeys(demo.contact, ['logo'])) }],
    certifications: demo.certifications.map((c) => ({
      file: c.logo,
      same: (row) => sameTexts(row, c, textKeys(c, ['logo', 'expiresOn'])) && day(row.expiresOn) === c.expiresOn && row.pdf === '',
    })),
    events: demo.events.map((e) => ({
      file: e.image,
      same: (row) =>
        sameTexts(row, e, textKeys(e, ['image', 'client', 'date', 'cost'])) &&
        row.slug === slugify(e.nameEn) &&
        day(row.date) === e.date &&
        String(row.cost) === String(Number(e.cost)) &&
        (row.client as Fields | undefined)?.nameEn === demo.clients[e.client]?.nameEn &&
        Array.isArray(row.gallery) &&
        row.gallery.length === 0 &&
        Array.isArray(row.videos) &&
        row.videos.length === 0,
    })),
  };
}

/** The ids of the rows that are still the demo's, by entity. */
export async function findDemoContent(): Promise<{ ids: Record<DemoKey, number[]>; keptInUse: DemoRemoval['keptInUse'] }> {
  const demoRecords = records();
  const ids = {} as Record<DemoKey, number[]>;
  for (const key of ORDER) {
    const entity = ENTITY[key];
    const column = entity.image!.column;
    const wanted = await Promise.all(
      demoRecords[key].map(async (record) => ({ ...record, hash: record.file && sha256(await readFile(new URL(record.file, IMAGES))) })),
    );
    const rows = (await crud.list(entity)) as unknown as Fields[];
    ids[key] = [];
    for (const row of rows) {
      const candidates = wanted.filter((record) => record.same(row));
      if (!candidates.length) continue;
      // Seeded without a picture: the demo's while staff gave it none.
      if (row[column] == null && candidates.some((record) => record.file === null)) ids[key].push(row.id as number);
      if (typeof row[column] !== 'string') continue;
      const stored = await uploads.get(key as UploadFolder, row[column]);
      if (stored && candidates.some((record) => record.hash === sha256(stored.data))) ids[key].push(row.id as number);
    }
  }
  // What a project or a testimonial that stays refers to stays with it.
  const kept = await db.event.findMany({
    where: { id: { notIn: ids.events } },
    select: { clientId: true, serviceIds: true },
  });
  const keptWords = await db.testimonial.findMany({ where: { id: { notIn: ids.testimonials } }, select: { clientId: true } });
  const usedClients = new Set([...kept, ...keptWords].map((e) => e.clientId));
  const usedServices = new Set(kept.flatMap((e) => e.serviceIds));
  const keptInUse = {
    clients: ids.clients.filter((id) => usedClients.has(id)).length,
    services: ids.services.filter((id) => usedServices.has(id)).length,
  };
  ids.clients = ids.clients.filter((id) => !usedClients.has(id));
  ids.services = ids.services.filter((id) => !usedServices.has(id));
  return { ids, keptInUse };
}

/** Removes what is still the demo's (see above); safe to run again (it then removes nothing). */
export async function removeDemoContent(who: Who, options: { expireCaches?: boolean } = {}): Promise<DemoRemoval> {
  // Said first, so that a start meanwhile (or after a failure half-way) never seeds the demo again.
  await db.$executeRaw`INSERT INTO site_settings (id, updated_at, demo_removed_at) VALUES (1, now(), now())
    ON CONFLICT (id) DO UPDATE SET demo_removed_at = COALESCE(site_settings.demo_removed_at, now())`;
  const { ids, keptInUse } = await findDemoContent();
  const removed = {} as Record<DemoKey, number>;
  for (const key of ORDER) {
    removed[key] = 0;
    for (const id of ids[key]) {
      await crud.remove(ENTITY[key], id, who, options);
      removed[key] += 1;
    }
  }
  return { removed, keptInUse };
}
