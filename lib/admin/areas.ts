// The six content areas of the back office, described once. The list, form and confirm-dialog
// components read this; each area adds only its fields and paths. Isomorphic (no server code).
// First: it configures zod for the browser before the schemas below are built.
import './zod-jitless';
import type { z } from 'zod';
import { clientSchema } from '@/lib/entities/client/schema';
import { contactSchema } from '@/lib/entities/contact/schema';
import { eventSchema } from '@/lib/entities/event/schema';
import { serviceSchema } from '@/lib/entities/service/schema';
import { slideSchema } from '@/lib/entities/slide/schema';
import { teamSchema } from '@/lib/entities/team/schema';
import { parseId } from '@/lib/entities/ids';
import { TIMINGS } from '@/lib/timings';

export type AreaKey = 'slider' | 'team' | 'services' | 'contacts' | 'events' | 'clients';
export type FieldKind = 'text' | 'textarea' | 'email' | 'tel' | 'url' | 'number' | 'date' | 'select' | 'image';

export interface FieldDef {
  name: string;
  kind: FieldKind;
  /** Shown with an asterisk; the schema is what actually enforces it. */
  required?: boolean;
  /** Right-to-left input (the Arabic fields). */
  rtl?: boolean;
}

export interface AreaDef {
  key: AreaKey;
  /** Key under "validation.fields" for the spec's per-field messages. */
  entity: 'slide' | 'team' | 'service' | 'contact' | 'event' | 'client';
  /** Path segments, as in the spec: /Admin/{list}, /Admin/{create}, /Admin/{edit}/{id}. */
  list: string;
  create: string;
  edit: string;
  schema: z.ZodType;
  fields: FieldDef[];
  /** The old admin confirmed some deletes and not others; every delete confirms now. */
  imageRequired: boolean;
  /** How long a failed save or delete stays on screen (spec §9 sets it per area). */
  errorToastMs: number;
  /** Card title and subtitle are a phone number and an email: left to right in Arabic too. */
  ltrCard?: boolean;
}

const ar = true;

export const AREAS: Record<AreaKey, AreaDef> = {
  slider: {
    key: 'slider',
    errorToastMs: TIMINGS.shortErrorToastMs,
    entity: 'slide',
    list: 'Slider',
    create: 'CreateSlider',
    edit: 'EditSlider',
    schema: slideSchema,
    imageRequired: true,
    fields: [
      { name: 'image', kind: 'image', required: true },
      { name: 'sortOrder', kind: 'number' },
    ],
  },
  team: {
    key: 'team',
    errorToastMs: TIMINGS.defaultToastMs,
    entity: 'team',
    list: 'Teams',
    create: 'CreateTeam',
    edit: 'Team',
    schema: teamSchema,
    imageRequired: false,
    fields: [
      { name: 'image', kind: 'image' },
      { name: 'nameEn', kind: 'text', required: true },
      { name: 'nameAr', kind: 'text', rtl: ar },
      { name: 'jobTitleEn', kind: 'text', required: true },
      { name: 'jobTitleAr', kind: 'text', rtl: ar },
      { name: 'detailsEn', kind: 'textarea', required: true },
      { name: 'detailsAr', kind: 'textarea', rtl: ar },
    ],
  },
  services: {
    key: 'services',
    errorToastMs: TIMINGS.shortErrorToastMs,
    entity: 'service',
    list: 'Services',
    create: 'CreateService',
    edit: 'Service',
    schema: serviceSchema,
    imageRequired: true,
    fields: [
      { name: 'image', kind: 'image', required: true },
      { name: 'titleEn', kind: 'text', required: true },
      { name: 'titleAr', kind: 'text', required: true, rtl: ar },
      { name: 'descriptionEn', kind: 'textarea', required: true },
      { name: 'descriptionAr', kind: 'textarea', required: true, rtl: ar },
    ],
  },
  contacts: {
    key: 'contacts',
    errorToastMs: TIMINGS.shortErrorToastMs,
    ltrCard: true,
    entity: 'contact',
    list: 'Contacts',
    create: 'CreateContact',
    edit: 'ContactUpdate',
    schema: contactSchema,
    imageRequired: false,
    fields: [
      { name: 'image', kind: 'image' },
      { name: 'phone', kind: 'tel' },
      { name: 'email', kind: 'email' },
      { name: 'tiktokUrl', kind: 'url' },
      { name: 'instagramUrl', kind: 'url' },
      { name: 'linkedinUrl', kind: 'url' },
      { name: 'youtubeUrl', kind: 'url' },
    ],
  },
  events: {
    key: 'events',
    errorToastMs: TIMINGS.errorToastMs,
    entity: 'event',
    list: 'Events',
    create: 'CreateEvent',
    edit: 'Event',
    schema: eventSchema,
    imageRequired: true,
    fields: [
      { name: 'image', kind: 'image', required: true },
      { name: 'nameEn', kind: 'text', required: true },
      { name: 'nameAr', kind: 'text', rtl: ar },
      { name: 'date', kind: 'date' },
      { name: 'cost', kind: 'number', required: true },
      { name: 'clientId', kind: 'select', required: true },
      { name: 'locationEn', kind: 'text', required: true },
      { name: 'locationAr', kind: 'text', required: true, rtl: ar },
      { name: 'descriptionEn', kind: 'textarea' },
      { name: 'descriptionAr', kind: 'textarea', rtl: ar },
    ],
  },
  clients: {
    key: 'clients',
    errorToastMs: TIMINGS.defaultToastMs,
    entity: 'client',
    list: 'Clients',
    create: 'CreateClient',
    edit: 'Client',
    schema: clientSchema,
    imageRequired: true,
    fields: [
      { name: 'image', kind: 'image', required: true },
      { name: 'nameEn', kind: 'text', required: true },
      { name: 'nameAr', kind: 'text', required: true, rtl: ar },
      { name: 'detailsEn', kind: 'textarea' },
      { name: 'detailsAr', kind: 'textarea', rtl: ar },
    ],
  },
};

/** The menu order of the spec. */
export const MENU: AreaKey[] = ['slider', 'team', 'services', 'contacts', 'events', 'clients'];

export type AdminRoute =
  | { kind: 'home' }
  | { kind: 'users' }
  | { kind: 'list'; area: AreaDef }
  | { kind: 'create'; area: AreaDef }
  | { kind: 'edit'; area: AreaDef; id: number };

/** Maps /Admin/<slug…> to a screen; null means 404. Segments are matched case-insensitively. */
export function resolveAdminRoute(slug: string[] = []): AdminRoute | null {
  const [first, second, ...rest] = slug;
  if (!first) return { kind: 'home' };
  if (rest.length) return null;
  const lower = first.toLowerCase();
  if (lower === 'users' && !second) return { kind: 'users' };
  for (const area of Object.values(AREAS)) {
    if (lower === area.list.toLowerCase() && !second) return { kind: 'list', area };
    if (lower === area.create.toLowerCase() && !second) return { kind: 'create', area };
    const id = parseId(second);
    if (lower === area.edit.toLowerCase() && id) return { kind: 'edit', area, id };
  }
  return null;
}

export const adminPath = {
  list: (area: AreaDef) => `/Admin/${area.list}`,
  create: (area: AreaDef) => `/Admin/${area.create}`,
  edit: (area: AreaDef, id: number) => `/Admin/${area.edit}/${id}`,
};
