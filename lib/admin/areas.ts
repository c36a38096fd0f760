// The back office's content areas, derived from the browser halves of the descriptors
// (lib/entities/metas.ts): the list, form and confirm-dialog components read these; nothing here
// is stated per area. Isomorphic (and never the server half: server code takes an area's whole
// descriptor from lib/entities/registry.ts `entityOf`).
// First: it configures zod for the browser before the registry's schemas are built.
import './zod-jitless';
import { formFields, isRequired, type EntityMeta } from '@/lib/entities/define';
import { type FieldKind, type Language, type PairMember } from '@/lib/entities/field-meta';
import { parseId } from '@/lib/entities/ids';
import { isSeoPage } from '@/lib/settings/page-seo-schema';
import { ENTITY_METAS, type EntityKey } from '@/lib/entities/metas';

export type AreaKey = EntityKey;

export interface FormField {
  name: string;
  kind: FieldKind;
  /** Shown with an asterisk: what the schema (or the entity's image rule) refuses to go without. */
  required: boolean;
  /** Right-to-left input (a pair's Arabic field, lib/entities/bilingual.ts). */
  rtl?: boolean;
  /** Its bilingual pair, if any. */
  language?: PairMember;
  optionsFrom?: string;
  hint?: boolean;
  /** A box that starts ticked on a new item: the schema's value when it is left out. */
  defaultOn?: boolean;
}

/**
 * A form's values as the schema reads them, the same in the browser (before confirming) and in the
 * server action: a multi-select is every ticked value (none: its empty marker alone); a box is the last of its hidden "0" and its
 * own "1" (an unticked box sends nothing); the image is left to the caller.
 */
export function formInput(fields: readonly FormField[], data: FormData): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'image' || field.kind === 'document') continue;
    const values = data.getAll(field.name).filter((value): value is string => typeof value === 'string');
    // A multi-select sends an empty marker first (its form does), so "none ticked" is a value and
    // a field not sent at all keeps what the row has.
    if (field.kind === 'multiselect') {
      if (values.length) raw[field.name] = values.filter((value) => value !== '');
    } else if (values.length) raw[field.name] = field.kind === 'checkbox' ? values.at(-1) : values[0];
  }
  return raw;
}

/** The box that drops an item's document (`<column>` + this), sent "1" when ticked. */
export const REMOVE_DOCUMENT_SUFFIX = 'Remove';

/** The item form's and the item delete's hidden fields naming the area and the item (lib/admin/item-actions.ts). */
export const ITEM_AREA_FIELD = 'itemArea';
export const ITEM_ID_FIELD = 'itemId';
/** The Users screen's forms: which account (lib/admin/user-actions.ts saveUserFlags, deleteUser). */
export const USER_ID_FIELD = 'userId';
/** Where a delete's confirmation without scripts sits on its screen (components/admin/plain-delete-confirm.tsx); its links jump there. */
export const CONFIRM_DELETE_ID = 'confirm-delete';

/**
 * A field's twin in the other language, from the pair the schema declares (lib/entities/bilingual.ts):
 * its name, and which language this field holds. Null for a field of no pair.
 */
export function languageTwin(fields: readonly FormField[], name: string): { name: string; missing: Language } | null {
  const own = fields.find((f) => f.name === name)?.language;
  if (!own) return null;
  const twin = fields.find((f) => f.language?.pair === own.pair && f.language.language !== own.language);
  return twin ? { name: twin.name, missing: own.language } : null;
}

export interface AreaDef {
  key: AreaKey;
  /** The browser half of its descriptor (its schema validates the form before it is sent). */
  meta: EntityMeta;
  list: string;
  create: string;
  edit: string;
  /** The image (when the entity has one) first, then the schema's form fields (`form` metadata), in schema order, then its document. */
  fields: FormField[];
  imageRequired: boolean;
  errorToastMs: number;
  ltrCard: boolean;
  logo: boolean;
  numbered: boolean;
  initials: boolean;
  mainFirst: boolean;
}

function deriveArea(entity: EntityMeta): AreaDef {
  const { admin, image, document } = entity;
  const fields: FormField[] = [
    ...(image ? [{ name: 'image', kind: 'image' as const, required: image.required }] : []),
    ...formFields(entity).map((field) => ({
      ...field,
      required: isRequired(entity, field.name),
      ...(field.kind === 'checkbox'
        ? { defaultOn: !field.startsOff && entity.schema.shape[field.name]?.safeParse(undefined).data === true }
        : {}),
    })),
    // Its document last, after the words that say what it is.
    ...(document ? [{ name: document.column, kind: 'document' as const, required: false }] : []),
  ];
  return {
    key: entity.key as AreaKey,
    meta: entity,
    list: admin.list,
    create: admin.create,
    edit: admin.edit,
    fields,
    imageRequired: image?.required ?? false,
    errorToastMs: admin.errorToastMs,
    ltrCard: admin.ltrCard ?? false,
    logo: admin.logo ?? false,
    numbered: admin.numbered ?? false,
    initials: admin.initials ?? false,
    mainFirst: admin.mainFirst ?? false,
  };
}

/** Every area, in the menu order of the spec (the registry's order). */
export const MENU: AreaDef[] = ENTITY_METAS.map(deriveArea);

/** Every key of the registry, so a lookup by AreaKey always finds its area. */
export const AREAS = Object.fromEntries(MENU.map((area) => [area.key, area])) as Record<AreaKey, AreaDef>;

export type AdminRoute =
  | { kind: 'home' }
  | { kind: 'users' }
  | { kind: 'settings' }
  | { kind: 'account' }
  | { kind: 'activity' }
  | { kind: 'backups' }
  | { kind: 'redirects' }
  | { kind: 'newRedirect' }
  | { kind: 'redirect'; id: number }
  | { kind: 'seo' }
  | { kind: 'seoPage'; page: string }
  | { kind: 'inquiries' }
  | { kind: 'inquiry'; id: number }
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
  if (lower === 'settings' && !second) return { kind: 'settings' };
  if (lower === 'account' && !second) return { kind: 'account' };
  // The activity log (issue 26): Admins only, read-only but for restoring a deleted item.
  if (lower === 'activity' && !second) return { kind: 'activity' };
  // Backups (issue 33): Admins only. Like every bespoke screen, another letter case is sent to
  // its folder's spelling (proxy.ts).
  if (lower === 'backups' && !second) return { kind: 'backups' };
  // Redirects and the 404 monitor (issue 37): the list, a new one, one to change.
  if (lower === 'redirects') {
    if (!second) return { kind: 'redirects' };
    if (second.toLowerCase() === 'new') return { kind: 'newRedirect' };
    const id = parseId(second);
    return id ? { kind: 'redirect', id } : null;
  }
  // Search and sharing of the fixed pages (issue 37): the list, one page's form.
  if (lower === 'seo') {
    if (!second) return { kind: 'seo' };
    return isSeoPage(second) ? { kind: 'seoPage', page: second } : null;
  }
  // Quote requests (issue 19): not a content entity (visitors write them, staff only read, mark
  // and annotate them), so their screens are route kinds of their own.
  if (lower === 'inquiries' && !second) return { kind: 'inquiries' };
  if (lower === 'inquiry') {
    const id = parseId(second);
    return id ? { kind: 'inquiry', id } : null;
  }
  for (const area of MENU) {
    if (lower === area.list.toLowerCase() && !second) return { kind: 'list', area };
    if (lower === area.create.toLowerCase() && !second) return { kind: 'create', area };
    const id = parseId(second);
    if (lower === area.edit.toLowerCase() && id) return { kind: 'edit', area, id };
  }
  return null;
}

/**
 * The back-office segments of a URL path (`/ar/Admin/Team/5` → ['Team', '5']); null when the path is
 * not the back office's. The layout resolves them before anything streams, so an unknown path
 * answers HTTP 404 (the page itself renders under the loading screen, after the status is sent).
 */
export function adminSlug(pathname: string | null): string[] | null {
  const path = (pathname ?? '').split('?')[0] ?? '';
  const match = /^(?:\/(?:ar|en))?\/admin(\/.*)?$/i.exec(path);
  if (!match) return null;
  try {
    return (match[1] ?? '').split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    // A malformed escape is no path of ours.
    return ['%'];
  }
}

export { adminPath } from './paths';
