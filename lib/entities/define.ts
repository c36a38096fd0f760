// The shape of an entity's one descriptor. Each content entity is described once, in two halves
// (lib/entities/<key>/meta.ts for the browser, lib/entities/<key>/index.ts for the server), and
// listed once in lib/entities/metas.ts; the write path, the
// back office, the public reads, the legacy API, the image folders, the cache tags and the tests
// all derive from that list. Its fields are listed once, in its zod schema: each field's form
// input and old name are the field's metadata (below). Isomorphic: the back office's forms read
// the browser half, so nothing here imports server code (database access comes in as an argument).
import { z } from 'zod';
import type { Permission } from '@/lib/auth/permissions';
import type { FieldErrors } from '@/lib/errors';
import type { DbClient } from '@/lib/db/types';
import type { FormDef, PairMember } from './field-meta';

export interface Row {
  id: number;
}

/** A form field after the image: a schema field's name, its `form` metadata and its pair, if any. */
export interface FieldDef extends FormDef {
  name: string;
  language?: PairMember;
}

export interface AdminCard {
  id: number;
  image: string | null;
  title: string;
  subtitle?: string;
  text?: string;
  links?: SocialLink[];
}

export type SocialKind = 'linkedin' | 'instagram' | 'tiktok' | 'youtube';
export interface SocialLink {
  kind: SocialKind;
  url: string;
}

/** The back office's side of an entity that the browser needs: its addresses and how its cards look. */
export interface AdminMeta {
  /** Path segments, as the spec spells them: /Admin/{list}, /Admin/{create}, /Admin/{edit}/{id}. */
  list: string;
  create: string;
  edit: string;
  /** How long a failed save or delete stays on screen (spec §9 sets it per area). */
  errorToastMs: number;
  /** Card title and subtitle are a phone number and an email: left to right in Arabic too. */
  ltrCard?: boolean;
  /** The image is a logo: shown whole on its card, not cropped. */
  logo?: boolean;
  /** A card without an image shows its title's initials (people: issue 27), not an empty box. */
  initials?: boolean;
  /** Cards are numbered in display order instead of titled (slides). */
  numbered?: boolean;
  /** The first row (lowest id, lib/offices.ts `mainOffice`) is the main one: its card says so (offices). */
  mainFirst?: boolean;
}

/**
 * The browser's half of a descriptor (lib/entities/<key>/meta.ts): plain data and the schema, so
 * the back office's forms validate as the server does without shipping a closure that reads the
 * database. The server's half (lib/entities/<key>/index.ts, server-only) adds the rest.
 */
export interface EntityMeta<K extends string = string, S extends z.ZodObject = z.ZodObject, C extends string = string> {
  /** The one spelling: cache tag, upload folder, back-office area, message namespace. */
  key: K;
  /** Validation shared by the back office (browser and server) and /api. Its keys are column names. */
  schema: S;
  /**
   * The column holding the stored file name. Files are stored in the upload folder named after the
   * key and served at /{urlFolder}/{name} (the old client's folders keep their spelling).
   */
  image?: { column: C; required: boolean; urlFolder: string };
  /**
   * A PDF beside the image (a certificate), optional, in the same folder: the column holding its
   * stored name ('' when none), served at /{urlFolder}/{name}.pdf. Only with an image.
   */
  document?: { column: C };
  /** Who may write it (the one guard's permission). */
  permission: Permission;
  admin: AdminMeta;
}

/** The server's half of a descriptor: reads, writes and views. */
export interface EntityServer<R extends Row = Row, S extends z.ZodObject = z.ZodObject, V = unknown> {
  /** The table's name in the database, so an update can lock its row (`SELECT … FOR UPDATE`). */
  table: string;
  /** The model's delegate on the given client (the database or a transaction). */
  delegate(client: DbClient): unknown;
  include?: object;
  orderBy: object | object[];
  /** Entities whose rows this one's reads include: a write to them expires this one's cached views too. */
  dependsOn?: readonly string[];
  /** A row's back-office card (`image` is the row's own image URL). */
  card(row: R, locale: string, image: string | null): AdminCard;
  /**
   * The public page a row is seen on (an English path, lib/pages.ts), for the edit form's "View on
   * site"; null while the site does not show it (a draft project).
   */
  sitePath(row: R): string | null;
  /** The public pages' view of a row, already in the page's language (`image`: the row's own image URL). */
  view(row: R, locale: string, image: string | null): V;
  /** Checks that need the database (e.g. a referenced row exists). */
  check?(input: z.output<S>, db: DbClient): Promise<FieldErrors | null>;
  beforeRemove?(row: R, db: DbClient): Promise<void>;
  /**
   * Fills what is derived before a write (a project's slug from its name), in the write's
   * transaction; `current` is the row an update changes (null on create). May refuse (AppError).
   */
  prepare?(input: z.output<S>, db: DbClient, current: R | null): Promise<z.output<S>>;
  /** Runs in an update's transaction once the row is written (a project keeps its old slug). */
  afterUpdate?(before: R, after: R, db: DbClient): Promise<void>;
  /** The rows the public may see (drafts are not); all of them when absent. */
  publicWhere?: object;
}

/** A whole descriptor, both halves: what the server's layers read. */
export type EntityDef<K extends string = string, R extends Row = Row, S extends z.ZodObject = z.ZodObject, V = unknown> = EntityMeta<K, S> &
  EntityServer<R, S, V>;

/** Any entity, for the registries that list them side by side (methods take their arguments bivariantly). */
export type AnyEntity = EntityDef;

type SchemaKeys<S extends z.ZodObject> = keyof z.output<S> & string;

/** The browser's half, as written (`as const` on its key, so the registry's keys are a union). */
export const defineMeta = <const K extends string, S extends z.ZodObject, const C extends string = never>(
  meta: EntityMeta<K, S, C>,
): EntityMeta<K, S, C> => meta;

/**
 * Joins a browser half to its server half, checked against the row type: every schema field must
 * be a column (so an update can fill unsent fields from the row, see `rowToInput`) and the image
 * column must exist. Curried so the row type is named and the rest inferred:
 * `defineEntity<Slide>()(slidesMeta, { … })`.
 */
export const defineEntity =
  <R extends Row>() =>
  <const K extends string, S extends z.ZodObject, C extends keyof R & string, Srv extends EntityServer<R, S, unknown>>(
    meta: EntityMeta<K, S, C> & {
      schema: SchemaKeys<S> extends keyof R
        ? S
        : { error: 'every schema field must be a column'; missing: Exclude<SchemaKeys<S>, keyof R> };
    },
    // The server half as written (its own type), so each view keeps its return type for the pages.
    server: Srv,
  ): EntityMeta<K, S> & Srv => ({ ...meta, ...server });

/** The columns of a row holding stored file names: its image's and its document's. */
export const fileColumns = (entity: Pick<EntityMeta, 'image' | 'document'>): string[] =>
  [entity.image?.column, entity.document?.column].filter((column): column is string => Boolean(column));

/** The public URL of a stored file of this entity (its old folder), or null when there is none. */
export function imageUrl(entity: Pick<EntityMeta, 'image'>, name: string | null | undefined): string | null {
  return name && entity.image ? `/${entity.image.urlFolder}/${name}` : null;
}

/** The URL of a row's document (a PDF), or null when it has none. */
export function rowDocumentUrl(entity: Pick<EntityMeta, 'image' | 'document'>, row: Row): string | null {
  const column = entity.document?.column;
  return column ? imageUrl(entity, (row as unknown as Record<string, string | null | undefined>)[column]) : null;
}

/** The URL of a row's own image, or null. */
export function rowImageUrl(entity: Pick<EntityMeta, 'image'>, row: Row): string | null {
  const column = entity.image?.column;
  return column ? imageUrl(entity, (row as unknown as Record<string, string | null | undefined>)[column]) : null;
}

/** The schema's field names, in order. */
export const fieldNames = (entity: Pick<EntityMeta, 'schema'>): string[] => Object.keys(entity.schema.shape);

/** A schema field's metadata (`.meta()` on its outermost schema), or undefined. */
export const fieldMeta = (schema: z.ZodObject, name: string): z.GlobalMeta | undefined => {
  const field: z.ZodType | undefined = schema.shape[name];
  return field && z.globalRegistry.get(field);
};

/** The form's fields after the image: the schema fields with `form` metadata, in schema order. */
export const formFields = (entity: Pick<EntityMeta, 'schema'>): FieldDef[] =>
  fieldNames(entity).flatMap((name) => {
    const meta = fieldMeta(entity.schema, name);
    return meta?.form ? [{ name, ...meta.form, ...(meta.language ? { language: meta.language } : {}) }] : [];
  });

/** A field is required when its schema refuses it missing (so the asterisk never disagrees with the server). */
export const isRequired = (entity: Pick<EntityMeta, 'schema'>, name: string): boolean =>
  entity.schema.shape[name]?.safeParse(undefined).success === false;

/**
 * A row as schema input, for every field the schema has: an update merges what was sent over
 * this, so a field the request left out keeps its value by construction (no per-entity list to
 * forget). Dates go back to their "YYYY-MM-DD" form, decimals to text, nulls to "not sent".
 */
export function rowToInput(entity: Pick<EntityMeta, 'schema'>, row: Row): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const values = row as unknown as Record<string, unknown>;
  for (const name of fieldNames(entity)) {
    const value = values[name];
    if (value === null || value === undefined) continue;
    if (value instanceof Date) input[name] = value.toISOString().slice(0, 10);
    else if (Array.isArray(value))
      input[name] = value; // lists (ids, links, the gallery) go back as lists
    else if (typeof value === 'object')
      input[name] = String(value); // Prisma.Decimal
    else input[name] = value;
  }
  return input;
}
