import type { z } from 'zod';
import type { Row } from '@/lib/entities/define';
import type { clientSchema } from '@/lib/entities/clients/schema';
import type { contactSchema } from '@/lib/entities/contacts/schema';
import type { eventSchema } from '@/lib/entities/events/schema';
import type { serviceSchema } from '@/lib/entities/services/schema';
import type { slideSchema } from '@/lib/entities/slides/schema';
import type { teamSchema } from '@/lib/entities/team/schema';
import type { EventWithClient } from '@/lib/entities/events';
import type { PublicUser } from '@/lib/entities/user';
import type { Client, Contact, Service, Slide, TeamMember } from '@/lib/generated/prisma/client';

/**
 * The only code that knows the old Laravel field names (titel, dec, faceboock, telegram,
 * img_ser, img_team…). It maps clean records to the old JSON, and old form fields back to
 * clean input. Text fields are never null: the old client calls string methods on them.
 */

/** Any resource, for the places that only read its field names (`toJson` takes its row bivariantly). */
export type AnyLegacyResource = LegacyResource<Row>;

/** A content entity's clean fields: its schema's, and its image. */
type FieldsOf<S extends z.ZodObject> = keyof z.output<S> | 'image';

/**
 * The old name of a field the old client never had (the offices' fields of issue 19): /api neither
 * reads it nor returns it, so the old JSON stays exactly as it was. Stated per field, so a new
 * field still fails the type check until someone decides whether the old client sees it.
 */
export const NOT_IN_OLD_API = null;

export interface LegacyResource<R, F extends string = string> {
  /** Clean field -> old form/JSON field (or NOT_IN_OLD_API), used for input and to name validation errors. */
  fields: Record<F, string | typeof NOT_IN_OLD_API>;
  /** The multipart part that carries the image. */
  filePart?: string;
  toJson(row: R): Record<string, unknown>;
}

const str = (v: string | null | undefined) => v ?? '';
const stamp = (d: Date) => d.toISOString();

export const legacyTeam: LegacyResource<TeamMember, FieldsOf<typeof teamSchema>> = {
  fields: {
    nameEn: 'name',
    nameAr: 'namear',
    detailsEn: 'details',
    detailsAr: 'detailsar',
    jobTitleEn: 'dec',
    jobTitleAr: 'decar',
    image: 'img',
  },
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
};

export const legacyClient: LegacyResource<Client, FieldsOf<typeof clientSchema>> = {
  fields: { nameEn: 'name', nameAr: 'namear', detailsEn: 'details', detailsAr: 'detailsar', image: 'logo' },
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
};

export const legacyContact: LegacyResource<Contact, FieldsOf<typeof contactSchema>> = {
  fields: {
    phone: 'phone',
    email: 'email',
    instagramUrl: 'insta',
    tiktokUrl: 'faceboock',
    linkedinUrl: 'linkedin',
    youtubeUrl: 'telegram',
    officeNameEn: NOT_IN_OLD_API,
    officeNameAr: NOT_IN_OLD_API,
    addressEn: NOT_IN_OLD_API,
    addressAr: NOT_IN_OLD_API,
    hoursEn: NOT_IN_OLD_API,
    hoursAr: NOT_IN_OLD_API,
    whatsapp: NOT_IN_OLD_API,
    mapLocation: NOT_IN_OLD_API,
    image: 'logo',
  },
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
};

export const legacyEvent: LegacyResource<EventWithClient, FieldsOf<typeof eventSchema>> = {
  fields: {
    nameEn: 'name',
    nameAr: 'namear',
    date: 'date',
    locationEn: 'location',
    locationAr: 'locationar',
    descriptionEn: 'description',
    descriptionAr: 'descriptionar',
    cost: 'event_cost',
    clientId: 'client_id',
    slug: NOT_IN_OLD_API,
    published: NOT_IN_OLD_API,
    featured: NOT_IN_OLD_API,
    featuredOrder: NOT_IN_OLD_API,
    cityEn: NOT_IN_OLD_API,
    cityAr: NOT_IN_OLD_API,
    serviceIds: NOT_IN_OLD_API,
    videos: NOT_IN_OLD_API,
    gallery: NOT_IN_OLD_API,
    seoTitleEn: NOT_IN_OLD_API,
    seoTitleAr: NOT_IN_OLD_API,
    seoDescriptionEn: NOT_IN_OLD_API,
    seoDescriptionAr: NOT_IN_OLD_API,
    image: 'event_img',
  },
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
};

export const legacyService: LegacyResource<Service, FieldsOf<typeof serviceSchema>> = {
  fields: {
    titleEn: 'titel',
    titleAr: 'titelar',
    descriptionEn: 'dec',
    descriptionAr: 'decar',
    image: 'img_ser',
  },
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
};

export const legacySlide: LegacyResource<Slide, FieldsOf<typeof slideSchema>> = {
  fields: { sortOrder: 'sort_order', image: 'img' },
  filePart: 'img',
  toJson: (s) => ({
    id: s.id,
    img: s.image,
    sort_order: s.sortOrder,
    created_at: stamp(s.createdAt),
    updated_at: stamp(s.updatedAt),
  }),
};

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
