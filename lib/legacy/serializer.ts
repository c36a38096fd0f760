import type { z } from 'zod';
import { fieldMeta, type Row } from '@/lib/entities/define';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { clientSchema } from '@/lib/entities/clients/schema';
import { contactSchema } from '@/lib/entities/contacts/schema';
import { eventSchema } from '@/lib/entities/events/schema';
import { serviceSchema } from '@/lib/entities/services/schema';
import { slideSchema } from '@/lib/entities/slides/schema';
import { teamSchema } from '@/lib/entities/team/schema';
import type { EventWithClient } from '@/lib/entities/events';
import type { PublicUser } from '@/lib/entities/user';
import type { Client, Contact, Service, Slide, TeamMember } from '@/lib/generated/prisma/client';

/**
 * The old Laravel format (titel, dec, faceboock, telegram, img_ser, img_team…): clean records to
 * the old JSON, and old form fields back to clean input. A content entity's old field names are
 * its schema's (`old` on each field, lib/entities/define.ts); the old JSON is written here by hand,
 * quirks and all. Text fields are never null: the old client calls string methods on them.
 */

/** Any resource, for the places that only read its field names (`toJson` takes its row bivariantly). */
export type AnyLegacyResource = LegacyResource<Row>;

export interface LegacyResource<R> {
  /** Clean field -> old form/JSON field (or NOT_IN_OLD_API), used for input and to name validation errors. */
  fields: Record<string, string | typeof NOT_IN_OLD_API>;
  /** The multipart part that carries the image (also the old name of the clean `image`). */
  filePart?: string;
  toJson(row: R): Record<string, unknown>;
}

/**
 * A content entity's old format: the old field names from its schema, in schema order, then the
 * image's (its part). A field without an `old` refuses to load, so none is forgotten.
 */
function legacyFormat<R>(schema: z.ZodObject, format: Omit<LegacyResource<R>, 'fields'>): LegacyResource<R> {
  const fields: LegacyResource<R>['fields'] = {};
  for (const name of Object.keys(schema.shape)) {
    const old = fieldMeta(schema, name)?.old;
    if (old === undefined) throw new Error(`The schema field ${name} has no old name: .meta({ old }), a name or NOT_IN_OLD_API`);
    fields[name] = old;
  }
  if (format.filePart) fields.image = format.filePart;
  return { fields, ...format };
}

const str = (v: string | null | undefined) => v ?? '';
const stamp = (d: Date) => d.toISOString();

export const legacyTeam = legacyFormat<TeamMember>(teamSchema, {
  filePart: 'img',
  toJson: (t) => ({
    id: t.id,
    name: t.nameEn,
    namear: t.nameAr,
    details: t.detailsEn,
    detailsar: t.detailsAr,
    dec: t.jobTitleEn,
    decar: t.jobTitleAr,
    img_team: str(t.image),
    created_at: stamp(t.createdAt),
    updated_at: stamp(t.updatedAt),
  }),
});

export const legacyClient = legacyFormat<Client>(clientSchema, {
  filePart: 'logo',
  toJson: (c) => ({
    id: c.id,
    name: c.nameEn,
    namear: c.nameAr,
    details: c.detailsEn,
    detailsar: c.detailsAr,
    logo: str(c.logo),
    created_at: stamp(c.createdAt),
    updated_at: stamp(c.updatedAt),
  }),
});

export const legacyContact = legacyFormat<Contact>(contactSchema, {
  filePart: 'logo',
  toJson: (c) => ({
    id: c.id,
    phone: c.phone,
    email: c.email,
    insta: c.instagramUrl,
    faceboock: c.tiktokUrl,
    linkedin: c.linkedinUrl,
    telegram: c.youtubeUrl,
    logo: str(c.logo),
    created_at: stamp(c.createdAt),
    updated_at: stamp(c.updatedAt),
  }),
});

export const legacyEvent = legacyFormat<EventWithClient>(eventSchema, {
  filePart: 'event_img',
  toJson: (e) => ({
    id: e.id,
    name: e.nameEn,
    namear: e.nameAr,
    date: e.date ? e.date.toISOString().slice(0, 10) : '',
    location: e.locationEn,
    locationar: e.locationAr,
    description: e.descriptionEn,
    descriptionar: e.descriptionAr,
    // A string: the old edit form calls .trim() on it.
    event_cost: e.cost.toString(),
    client_id: e.clientId,
    event_img: str(e.image),
    client: { id: e.client.id, name: e.client.nameEn, namear: e.client.nameAr, logo: str(e.client.logo) },
    created_at: stamp(e.createdAt),
    updated_at: stamp(e.updatedAt),
  }),
});

export const legacyService = legacyFormat<Service>(serviceSchema, {
  filePart: 'img_ser',
  toJson: (s) => ({
    id: s.id,
    titel: s.titleEn,
    // The old admin list reads `title`; the alias fixes its blank heading.
    title: s.titleEn,
    titelar: s.titleAr,
    dec: s.descriptionEn,
    decar: s.descriptionAr,
    img_ser: str(s.image),
    created_at: stamp(s.createdAt),
    updated_at: stamp(s.updatedAt),
  }),
});

export const legacySlide = legacyFormat<Slide>(slideSchema, {
  filePart: 'img',
  toJson: (s) => ({
    id: s.id,
    img: s.image,
    sort_order: s.sortOrder,
    created_at: stamp(s.createdAt),
    updated_at: stamp(s.updatedAt),
  }),
});

export const legacyUser: LegacyResource<PublicUser> = {
  fields: {
    name: 'name',
    email: 'email',
    password: 'password',
    passwordConfirmation: 'password_confirmation',
    isAdmin: 'is_admin',
    isMiniAdmin: 'mine_admin',
  },
  // Numbers, not strings: the old UI binds them to `checked`, where "0" would be truthy.
  toJson: (u) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    is_admin: u.isAdmin ? 1 : 0,
    mine_admin: u.isMiniAdmin ? 1 : 0,
    created_at: stamp(u.createdAt),
  }),
};

/**
 * Old form fields -> clean input. Fields the request did not send stay undefined, and so do the
 * fields the old client never had, whatever it sends: an update through /api keeps them.
 */
export function fromLegacy(resource: AnyLegacyResource, body: Record<string, unknown>) {
  const input: Record<string, unknown> = {};
  for (const [clean, old] of Object.entries(resource.fields)) {
    if (old === NOT_IN_OLD_API || old === resource.filePart) continue;
    if (body[old] !== undefined) input[clean] = body[old];
  }
  // Some integrations send the service title under its corrected name.
  if (resource === legacyService && input.titleEn === undefined && body.title !== undefined) input.titleEn = body.title;
  return input;
}

/** Clean field errors -> old field names, for the 422 body. */
export function toLegacyErrors(resource: AnyLegacyResource | undefined, errors: Record<string, string[]>) {
  if (!resource) return errors;
  const out: Record<string, string[]> = {};
  for (const [field, codes] of Object.entries(errors)) out[resource.fields[field] ?? field] = codes;
  return out;
}

/** The envelopes the old client reads with data[0]. */
export const listEnvelope = <T>(items: T[]) => [items];
export const itemEnvelope = <T>(item: T) => [item];
