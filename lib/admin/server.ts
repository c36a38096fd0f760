import 'server-only';
import * as crud from '@/lib/entities/crud';
import type { AnyEntityConfig, Row } from '@/lib/entities/crud';
import { clientEntity } from '@/lib/entities/client';
import { contactEntity } from '@/lib/entities/contact';
import { eventEntity, type EventWithClient } from '@/lib/entities/event';
import { serviceEntity } from '@/lib/entities/service';
import { slideEntity } from '@/lib/entities/slide';
import { teamEntity } from '@/lib/entities/team';
import { imageUrl } from '@/lib/legacy/image-folders';
import { pickLocalized as pick } from '@/lib/i18n/pick';
import type { Client, Contact, Service, Slide, TeamMember } from '@/lib/generated/prisma/client';
import type { UploadFolder } from '@/lib/uploads/store';
import { AREAS, type AreaDef, type AreaKey } from './areas';

// The admin's read layer: rows become plain view models for the list cards and form values.

export interface AdminCard {
  id: number;
  image: string | null;
  title: string;
  subtitle?: string;
  text?: string;
  links?: { kind: 'instagram' | 'tiktok' | 'linkedin' | 'youtube'; url: string }[];
}

interface AreaServer<R> {
  entity: AnyEntityConfig;
  folder: UploadFolder;
  imageColumn: string;
  card(row: R, locale: string): AdminCard;
}

const SERVER: { [K in AreaKey]: AreaServer<Row> } = {
  slider: {
    entity: slideEntity,
    folder: 'slides',
    imageColumn: 'image',
    card: (s: Slide) => ({ id: s.id, image: imageUrl('slides', s.image), title: `#${s.sortOrder}` }),
  },
  team: {
    entity: teamEntity,
    folder: 'team',
    imageColumn: 'image',
    card: (t: TeamMember, l) => ({
      id: t.id,
      image: imageUrl('team', t.image),
      title: pick(l, t.nameEn, t.nameAr),
      subtitle: pick(l, t.jobTitleEn, t.jobTitleAr),
      text: pick(l, t.detailsEn, t.detailsAr),
    }),
  },
  services: {
    entity: serviceEntity,
    folder: 'services',
    imageColumn: 'image',
    card: (s: Service, l) => ({
      id: s.id,
      image: imageUrl('services', s.image),
      title: pick(l, s.titleEn, s.titleAr),
      text: pick(l, s.descriptionEn, s.descriptionAr),
    }),
  },
  contacts: {
    entity: contactEntity,
    folder: 'contacts',
    imageColumn: 'logo',
    card: (c: Contact) => ({
      id: c.id,
      image: imageUrl('contacts', c.logo),
      title: c.phone,
      subtitle: c.email,
      links: (
        [
          ['instagram', c.instagramUrl],
          ['tiktok', c.tiktokUrl],
          ['linkedin', c.linkedinUrl],
          ['youtube', c.youtubeUrl],
        ] as const
      )
        .filter(([, url]) => url)
        // Old rows may lack a scheme; a bare domain would become a relative link.
        .map(([kind, url]) => ({ kind, url: /^https?:\/\//i.test(url) ? url : `https://${url}` })),
    }),
  },
  events: {
    entity: eventEntity,
    folder: 'events',
    imageColumn: 'image',
    card: (e: EventWithClient, l) => ({
      id: e.id,
      image: imageUrl('events', e.image),
      title: pick(l, e.nameEn, e.nameAr),
      subtitle: [e.date ? e.date.toISOString().slice(0, 10) : '', pick(l, e.locationEn, e.locationAr)].filter(Boolean).join(' - '),
      text: pick(l, e.descriptionEn, e.descriptionAr) || pick(l, e.client.nameEn, e.client.nameAr),
    }),
  },
  clients: {
    entity: clientEntity,
    folder: 'clients',
    imageColumn: 'logo',
    card: (c: Client, l) => ({
      id: c.id,
      image: imageUrl('clients', c.logo),
      title: pick(l, c.nameEn, c.nameAr),
      text: pick(l, c.detailsEn, c.detailsAr),
    }),
  },
};

export const entityOf = (area: AreaKey) => SERVER[area].entity;

export async function listCards(area: AreaDef, locale: string): Promise<AdminCard[]> {
  const server = SERVER[area.key];
  return (await crud.list(server.entity)).map((row) => server.card(row, locale));
}

export interface FormValues {
  values: Record<string, string>;
  image: string | null;
}

/** A row as the strings its form shows (null when the id does not exist). */
export async function formValues(area: AreaDef, id: number): Promise<FormValues | null> {
  const server = SERVER[area.key];
  try {
    const row = await crud.get(server.entity, id);
    const input = server.entity.toInput(row);
    return {
      values: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v == null ? '' : String(v)])),
      image: imageUrl(server.folder, (row as unknown as Record<string, string | null>)[server.imageColumn]),
    };
  } catch {
    return null;
  }
}

export async function clientOptions(locale: string): Promise<{ value: string; label: string }[]> {
  return (await crud.list(clientEntity)).map((c) => ({ value: String(c.id), label: pick(locale, c.nameEn, c.nameAr) }));
}

export const areaByKey = (key: string): AreaDef | undefined => (key in AREAS ? AREAS[key as AreaKey] : undefined);
