import 'server-only';
import type { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db/client';
import { invalidate, type CacheTag } from '@/lib/cache';
import { AppError, conflict, invalid, notFound, type FieldErrors } from '@/lib/errors';
import { fieldErrors } from '@/lib/entities/fields';
import { parseId } from '@/lib/entities/ids';
import { ImageError, processImage } from '@/lib/uploads/image';
import { newFileName, uploads, type UploadFolder } from '@/lib/uploads/store';

/**
 * The one write path shared by every content entity. Admin server actions and the legacy /api
 * both call create / update / remove, so validation, image handling, file clean-up and cache
 * invalidation happen here once. An entity supplies only its config (see lib/entities/<name>).
 */
export interface Row {
  id: number;
}

// The Prisma delegates differ per model; this is the part of them the generic code uses.
interface Delegate<R> {
  findMany(args: object): Promise<R[]>;
  findUnique(args: object): Promise<R | null>;
  create(args: object): Promise<R>;
  update(args: object): Promise<R>;
  delete(args: object): Promise<R>;
}

/** The database, or the transaction a write runs in. */
export type DbClient = Prisma.TransactionClient;

export interface EntityConfig<R extends Row, I> {
  tag: CacheTag;
  schema: z.ZodType<I>;
  /** The table's name in the database, so an update can lock its row (`SELECT … FOR UPDATE`). */
  table: string;
  /** The model's delegate on the given client (the database or a transaction). */
  delegate: (client: DbClient) => unknown;
  include?: object;
  orderBy: object | object[];
  /** The column holding the stored file name, and where files live. */
  image?: {
    column: string;
    folder: UploadFolder;
    required: boolean;
  };
  toData(input: I): Record<string, unknown>;
  /** The current row as schema input, so an update that sends some fields keeps the others. */
  toInput(row: R): Record<string, unknown>;
  /** Extra checks that need the database (e.g. a referenced row exists). */
  check?(input: I): Promise<FieldErrors | null>;
  beforeRemove?(row: R): Promise<void>;
}

/**
 * Any entity's config, for the registries that list them side by side. Its methods take their
 * arguments bivariantly, so every concrete `EntityConfig<SlideRow, SlideInput>` fits.
 */
export type AnyEntityConfig = EntityConfig<Row, unknown>;

export type Upload = File | null | undefined;

const delegateOf = <R extends Row, I>(config: EntityConfig<R, I>, client: DbClient = db) => config.delegate(client) as Delegate<R>;

/** The stored file name a row refers to (null without an image). */
const imageOf = <R extends Row, I>(config: EntityConfig<R, I>, row: R): string | null =>
  config.image ? (((row as Record<string, unknown>)[config.image.column] as string | null | undefined) ?? null) : null;

// Writers of one row queue on its lock; this bounds how long one waits (and holds a connection).
const TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

export async function list<R extends Row, I>(config: EntityConfig<R, I>): Promise<R[]> {
  return delegateOf(config).findMany({ include: config.include, orderBy: config.orderBy });
}

/** The row with this id; an id the one parser refuses names no row (404), like a missing one. */
export async function get<R extends Row, I>(config: EntityConfig<R, I>, rawId: unknown): Promise<R> {
  const id = parseId(rawId);
  const row = id ? await delegateOf(config).findUnique({ where: { id }, include: config.include }) : null;
  if (!row) throw notFound();
  return row;
}

/** Every stored file name the entity's rows refer to (for the orphan sweeper). */
export async function imageNames<R extends Row, I>(config: EntityConfig<R, I>, client: DbClient = db): Promise<string[]> {
  if (!config.image) return [];
  const column = config.image.column;
  const rows = (await delegateOf(config, client).findMany({ select: { [column]: true } })) as unknown as Record<string, unknown>[];
  return rows.map((row) => row[column]).filter((name): name is string => typeof name === 'string' && name !== '');
}

/** The schema's verdict on the input, and whether a required image is there. */
function check<R extends Row, I>(config: EntityConfig<R, I>, raw: Record<string, unknown>, hasImage: boolean) {
  const parsed = config.schema.safeParse(raw);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  if (config.image?.required && !hasImage) errors.image = ['imageRequired'];
  return { data: parsed.success ? parsed.data : undefined, errors };
}

async function validate<R extends Row, I>(config: EntityConfig<R, I>, raw: Record<string, unknown>, hasImage: boolean): Promise<I> {
  const { data, errors } = check(config, raw, hasImage);
  if (data !== undefined && config.check) Object.assign(errors, (await config.check(data)) ?? {});
  if (data === undefined || Object.keys(errors).length) throw invalid(errors);
  return data;
}

/** validate() without the database checks, for use inside a transaction (they would need a second connection). */
function validateInTransaction<R extends Row, I>(config: EntityConfig<R, I>, raw: Record<string, unknown>, hasImage: boolean): I {
  const { data, errors } = check(config, raw, hasImage);
  if (data === undefined || Object.keys(errors).length) throw invalid(errors);
  return data;
}

async function storeImage(folder: UploadFolder, file: File): Promise<string> {
  try {
    const image = await processImage(file);
    const name = newFileName(image.ext);
    await uploads.put(folder, name, image.data);
    return name;
  } catch (error) {
    if (error instanceof ImageError) throw invalid({ image: [error.code] });
    throw error;
  }
}

function mapDbError(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === 'P2025') throw notFound();
    if (error.code === 'P2003') throw conflict('inUse');
  }
  throw error;
}

const isFile = (upload: Upload): upload is File => upload instanceof File && upload.size > 0;

export async function create<R extends Row, I>(config: EntityConfig<R, I>, raw: Record<string, unknown>, upload?: Upload): Promise<R> {
  const file = isFile(upload) ? upload : null;
  const input = await validate(config, raw, Boolean(file));
  const image = file && config.image ? await storeImage(config.image.folder, file) : null;
  try {
    const data = { ...config.toData(input), ...(image && config.image ? { [config.image.column]: image } : {}) };
    const row = await delegateOf(config).create({ data, include: config.include });
    invalidate(config.tag);
    return row;
  } catch (error) {
    if (image && config.image) await uploads.remove(config.image.folder, image);
    mapDbError(error);
  }
}

export async function update<R extends Row, I>(
  config: EntityConfig<R, I>,
  id: number,
  raw: Record<string, unknown>,
  upload?: Upload,
): Promise<R> {
  const existing = await get(config, id);
  const file = isFile(upload) ? upload : null;
  const provided = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
  // Checked against the row as read now, before a file is stored: a refused update stores nothing.
  await validate(config, { ...config.toInput(existing), ...provided }, Boolean(file || imageOf(config, existing)));
  const image = file && config.image ? await storeImage(config.image.folder, file) : null;
  let result: { row: R; replaced: string | null };
  try {
    result = await db.$transaction(async (tx) => {
      // Concurrent updates of one row queue here, so each sees the file the previous one stored
      // and deletes exactly that one: what to delete is decided from what the row holds at commit,
      // not from the read above (20 concurrent updates used to leave 14-19 orphan files).
      const locked = await tx.$queryRaw<unknown[]>(
        Prisma.sql`SELECT 1 FROM ${Prisma.raw(`"${config.table}"`)} WHERE id = ${id} FOR UPDATE`,
      );
      const current = locked.length ? await delegateOf(config, tx).findUnique({ where: { id } }) : null;
      if (!current) throw notFound();
      const held = imageOf(config, current);
      // Merged with the locked row, so fields another writer just saved are kept, not overwritten.
      const input = validateInTransaction(config, { ...config.toInput(current), ...provided }, Boolean(image || held));
      const data = { ...config.toData(input), ...(image && config.image ? { [config.image.column]: image } : {}) };
      const row = await delegateOf(config, tx).update({ where: { id }, data, include: config.include });
      return { row, replaced: image && held !== image ? held : null };
    }, TRANSACTION);
  } catch (error) {
    if (image && config.image) await uploads.remove(config.image.folder, image);
    mapDbError(error);
  }
  // Only after the row points at the new file (committed) is the old one removed.
  if (result.replaced && config.image) await uploads.remove(config.image.folder, result.replaced);
  invalidate(config.tag);
  return result.row;
}

export async function remove<R extends Row, I>(config: EntityConfig<R, I>, id: number): Promise<void> {
  const existing = await get(config, id);
  await config.beforeRemove?.(existing);
  let deleted: R;
  try {
    deleted = await delegateOf(config).delete({ where: { id } });
  } catch (error) {
    mapDbError(error);
  }
  // The file of the row as it was deleted (an update since the read above may have replaced it).
  const image = imageOf(config, deleted);
  if (image && config.image) await uploads.remove(config.image.folder, image);
  invalidate(config.tag);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
