import 'server-only';
import type { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db/client';
import { changedFields, recordActivity, rowSnapshot, type Who } from '@/lib/activity';
import { invalidate } from '@/lib/cache';
import { conflict, invalid, notFound, type FieldErrors } from '@/lib/errors';
import { rowToInput, type AnyEntity, type EntityDef, type Row } from '@/lib/entities/define';
import type { DbClient } from '@/lib/db/types';
import { fieldErrors } from '@/lib/entities/fields';
import { parseId } from '@/lib/entities/ids';
import { assertVersion, nextUpdatedAt, versionOf } from '@/lib/entities/version';
import { ImageError, processImage } from '@/lib/uploads/image';
import { moveFile, newFileName, uploadStore, uploads } from '@/lib/uploads/store';
import { trashOf, type UploadFolder } from '@/lib/uploads/store-contract';
import { storeCuts, withCuts } from '@/lib/uploads/cuts';
import { isUnavailable } from '@/lib/db/faults';

/**
 * The one write path shared by every content entity. Admin server actions and the legacy /api
 * both call create / update / remove, so validation, image handling, file clean-up, cache
 * invalidation and the activity log's entry (in the write's own transaction) happen here once.
 * An entity supplies only its descriptor (lib/entities/<key>).
 */

// The Prisma delegates differ per model; this is the part of them the generic code uses.
interface Delegate<R> {
  findMany(args: object): Promise<R[]>;
  findUnique(args: object): Promise<R | null>;
  create(args: object): Promise<R>;
  update(args: object): Promise<R>;
  delete(args: object): Promise<R>;
  count(args?: object): Promise<number>;
}

type Entity<R extends Row> = EntityDef<string, R, z.ZodObject, unknown>;

export type Upload = File | null | undefined;

const delegateOf = <R extends Row>(entity: Entity<R>, client: DbClient = db) => entity.delegate(client) as Delegate<R>;

/** The stored file name a row refers to (null without an image). */
const imageOf = (entity: AnyEntity, row: Row): string | null =>
  entity.image ? (((row as unknown as Record<string, unknown>)[entity.image.column] as string | null | undefined) ?? null) : null;

/** Every stored file a row refers to: its image and its gallery's. */
function filesOf(entity: AnyEntity, row: Record<string, unknown>): string[] {
  const gallery = Array.isArray(row.gallery) ? row.gallery.map((image) => (image as { file?: unknown } | null)?.file) : [];
  const own = entity.image ? row[entity.image.column] : null;
  return [own, ...gallery].filter((name): name is string => typeof name === 'string' && name !== '');
}

/**
 * A deleted row's files go to its folder's trash (never served) until a restore brings them back
 * or the restore window ends (the sweeper then removes them). Storage that cannot be reached now
 * leaves them where they are: the sweeper moves them on its next run (lib/uploads/sweeper.ts).
 */
async function trashFiles(entity: AnyEntity, names: string[]): Promise<void> {
  const store = await uploadStore();
  // Its stored cuts go with it (one not made yet is simply not there: moveFile answers false).
  for (const name of names.flatMap(withCuts)) {
    try {
      await moveFile(store, folderOf(entity), trashOf(folderOf(entity)), name);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      console.error(`[uploads] could not move ${entity.key}/${name} to the trash now (storage unavailable); the sweeper moves it later`);
    }
  }
}

/** The columns an entry of the activity log compares: the schema's fields and the image's. */
const loggedFields = (entity: AnyEntity): string[] => [...Object.keys(entity.schema.shape), ...(entity.image ? [entity.image.column] : [])];

const columns = (row: Row) => row as unknown as Record<string, unknown>;

/** Files live in the folder named after the entity. */
const folderOf = (entity: AnyEntity) => entity.key as UploadFolder;

// Writers of one row queue on its lock; this bounds how long one waits (and holds a connection).
const TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

/** Every row, or (`public`) only those the public may see. */
export async function list<R extends Row>(entity: Entity<R>, options: { public?: boolean } = {}): Promise<R[]> {
  const where = options.public ? entity.publicWhere : undefined;
  return delegateOf(entity).findMany({ where, include: entity.include, orderBy: entity.orderBy });
}

/** How many rows there are (one `count(*)`: the back office's dashboard). */
export async function count(entity: AnyEntity): Promise<number> {
  return delegateOf(entity).count();
}

/** The row with this id; an id the one parser refuses names no row (404), like a missing one. */
export async function get<R extends Row>(entity: Entity<R>, rawId: unknown): Promise<R> {
  const id = parseId(rawId);
  const row = id ? await delegateOf(entity).findUnique({ where: { id }, include: entity.include }) : null;
  if (!row) throw notFound();
  return row;
}

/** Every stored file name the entity's rows refer to, their galleries' included (for the orphan sweeper). */
export async function imageNames(entity: AnyEntity, client: DbClient = db): Promise<string[]> {
  if (!entity.image) return [];
  const column = entity.image.column;
  const gallery = 'gallery' in entity.schema.shape;
  const rows = (await delegateOf(entity, client).findMany({
    select: { [column]: true, ...(gallery ? { gallery: true } : {}) },
  })) as unknown as Record<string, unknown>[];
  return rows
    .flatMap((row) => [row[column], ...(Array.isArray(row.gallery) ? row.gallery.map((image: { file?: unknown }) => image.file) : [])])
    .filter((name): name is string => typeof name === 'string' && name !== '');
}

/** The schema's verdict on the input, and whether a required image is there. */
type Data = Record<string, unknown>;

function check(entity: AnyEntity, raw: Record<string, unknown>, hasImage: boolean) {
  const parsed = entity.schema.safeParse(raw);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  if (entity.image?.required && !hasImage) errors.image = ['imageRequired'];
  return { data: parsed.success ? (parsed.data as Data) : undefined, errors };
}

async function validate(entity: AnyEntity, raw: Record<string, unknown>, hasImage: boolean): Promise<Data> {
  const { data, errors } = check(entity, raw, hasImage);
  if (data !== undefined && entity.check) Object.assign(errors, (await entity.check(data, db)) ?? {});
  if (data === undefined || Object.keys(errors).length) throw invalid(errors);
  return data;
}

/** validate() without the database checks, for use inside a transaction (they would need a second connection). */
function validateInTransaction(entity: AnyEntity, raw: Record<string, unknown>, hasImage: boolean): Data {
  const { data, errors } = check(entity, raw, hasImage);
  if (data === undefined || Object.keys(errors).length) throw invalid(errors);
  return data;
}

/** A file no row refers to any more (replaced, or its row's write failed), and its cuts. */
async function removeWithCuts(folder: UploadFolder, name: string): Promise<void> {
  for (const file of withCuts(name)) await uploads.remove(folder, file);
}

async function storeImage(folder: UploadFolder, file: File): Promise<string> {
  try {
    const image = await processImage(file);
    const name = newFileName(image.ext);
    await uploads.put(folder, name, image.data);
    await storeCuts(folder, name, image.data);
    return name;
  } catch (error) {
    if (error instanceof ImageError) throw invalid({ image: [error.code] });
    throw error;
  }
}

/**
 * One image of an entity's gallery (a project's), stored as its own image would be; the row
 * refers to it once the form is saved. One not saved is an orphan the sweeper removes later.
 */
export async function storeGalleryImage(entity: AnyEntity, upload: Upload): Promise<{ file: string; width: number; height: number }> {
  if (!isFile(upload)) throw invalid({ image: ['imageRequired'] });
  try {
    const image = await processImage(upload);
    const file = newFileName(image.ext);
    await uploads.put(folderOf(entity), file, image.data);
    await storeCuts(folderOf(entity), file, image.data);
    return { file, width: image.width, height: image.height };
  } catch (error) {
    if (error instanceof ImageError) throw invalid({ image: [error.code] });
    throw error;
  }
}

function mapDbError(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === 'P2025') throw notFound();
    if (error.code === 'P2003') throw conflict('inUse');
    // A unique value (a project's slug) taken by a concurrent write between the check and the write.
    if (error.code === 'P2002') throw conflict('editConflict');
  }
  throw error;
}

const isFile = (upload: Upload): upload is File => upload instanceof File && upload.size > 0;

/** The schema's output is the row's data as is (its keys are column names), plus the stored file. */
const rowData = (entity: AnyEntity, input: Data, image: string | null) => ({
  ...input,
  ...(image && entity.image ? { [entity.image.column]: image } : {}),
});

export async function create<R extends Row>(entity: Entity<R>, raw: Record<string, unknown>, upload: Upload, who: Who): Promise<R> {
  const file = isFile(upload) ? upload : null;
  const input = await validate(entity, raw, Boolean(file));
  const image = file && entity.image ? await storeImage(folderOf(entity), file) : null;
  try {
    const row = await db.$transaction(async (tx) => {
      const data = entity.prepare ? await entity.prepare(input, tx, null) : input;
      const created = await delegateOf(entity, tx).create({ data: rowData(entity, data, image), include: entity.include });
      const changes = changedFields(null, columns(created), loggedFields(entity));
      await recordActivity(tx, { ...who, kind: 'create', entity: entity.key, entityId: created.id, changes });
      return created;
    }, TRANSACTION);
    await invalidate(entity.key);
    return row;
  } catch (error) {
    if (image) await removeWithCuts(folderOf(entity), image);
    mapDbError(error);
  }
}

export async function update<R extends Row>(
  entity: Entity<R>,
  id: number,
  raw: Record<string, unknown>,
  upload: Upload,
  who: Who,
  /** The version the caller read the row at (lib/entities/version.ts); undefined: not compared. */
  version?: string,
): Promise<R> {
  const existing = await get(entity, id);
  const file = isFile(upload) ? upload : null;
  // Only the schema's fields, and only those sent: everything else comes from the row.
  const fields = new Set(Object.keys(entity.schema.shape));
  const provided = Object.fromEntries(Object.entries(raw).filter(([k, v]) => v !== undefined && fields.has(k)));
  // Checked against the row as read now, before a file is stored: a refused update stores nothing.
  await validate(entity, { ...rowToInput(entity, existing), ...provided }, Boolean(file || imageOf(entity, existing)));
  const image = file && entity.image ? await storeImage(folderOf(entity), file) : null;
  let result: { row: R; replaced: string | null };
  try {
    result = await db.$transaction(async (tx) => {
      // Concurrent updates of one row queue here, so each sees the file the previous one stored
      // and deletes exactly that one: what to delete is decided from what the row holds at commit,
      // not from the read above (20 concurrent updates used to leave 14-19 orphan files).
      const locked = await tx.$queryRaw<unknown[]>(
        Prisma.sql`SELECT 1 FROM ${Prisma.raw(`"${entity.table}"`)} WHERE id = ${id} FOR UPDATE`,
      );
      const current = locked.length ? await delegateOf(entity, tx).findUnique({ where: { id } }) : null;
      if (!current) throw notFound();
      // Compared under the lock: of two saves read at one version, the second finds it moved.
      assertVersion(versionOf(current), version);
      const held = imageOf(entity, current);
      // Merged with the locked row, so fields another writer just saved are kept, not overwritten.
      const checked = validateInTransaction(entity, { ...rowToInput(entity, current), ...provided }, Boolean(image || held));
      const input = entity.prepare ? await entity.prepare(checked, tx, current) : checked;
      const row = await delegateOf(entity, tx).update({
        where: { id },
        data: { ...rowData(entity, input, image), updatedAt: nextUpdatedAt(current) },
        include: entity.include,
      });
      await entity.afterUpdate?.(current, row, tx);
      // Only what this write changed, against the row it locked. Saving a form unchanged logs nothing.
      const changes = changedFields(columns(current), columns(row), loggedFields(entity));
      if (Object.keys(changes).length) await recordActivity(tx, { ...who, kind: 'update', entity: entity.key, entityId: id, changes });
      return { row, replaced: image && held !== image ? held : null };
    }, TRANSACTION);
  } catch (error) {
    if (image) await removeWithCuts(folderOf(entity), image);
    mapDbError(error);
  }
  // Only after the row points at the new file (committed) is the old one removed.
  if (result.replaced) await removeWithCuts(folderOf(entity), result.replaced);
  await invalidate(entity.key);
  return result.row;
}

/**
 * Deletes the row and logs it with the row as it was, so it can be restored for RESTORE_DAYS
 * (lib/activity/restore.ts). Its image files go to the trash (no longer served) and stay there
 * until then: the orphan sweeper counts the files of recent delete entries as referenced there
 * (lib/activity/retention.ts) and removes them after.
 */
export async function remove<R extends Row>(
  entity: Entity<R>,
  id: number,
  who: Who,
  /**
   * False outside a Next server (a command such as `npm run demo:remove`): there is no cache in
   * that process to expire, and Next refuses the call there; the servers' copies end with their life.
   */
  options: { expireCaches?: boolean } = {},
): Promise<void> {
  const existing = await get(entity, id);
  let gone: Row;
  try {
    gone = await db.$transaction(async (tx) => {
      await entity.beforeRemove?.(existing, tx);
      // Without `include`: the snapshot holds the row's own columns, what a restore writes back.
      const deleted = await delegateOf(entity, tx).delete({ where: { id } });
      await recordActivity(tx, {
        ...who,
        kind: 'delete',
        entity: entity.key,
        entityId: id,
        changes: changedFields(columns(deleted), null, loggedFields(entity)),
        snapshot: rowSnapshot(columns(deleted)),
      });
      return deleted;
    }, TRANSACTION);
  } catch (error) {
    mapDbError(error);
  }
  if (options.expireCaches !== false) await invalidate(entity.key);
  // The files of the row as deleted (an update queued before the delete may have replaced the one read above).
  await trashFiles(entity, filesOf(entity, columns(gone)));
}

/**
 * Writes a deleted row back from its delete entry's snapshot (lib/activity/restore.ts checks the
 * entry): under its old id, with the image files it had (back from the trash). Refused with a
 * 409 code when the id is taken again (`restoreIdTaken`) or the row no longer fits, e.g. its slug
 * or client is gone (`restoreConflict`). Logged as a `restore` entry pointing at the delete entry.
 */
export async function restore(entity: AnyEntity, snapshot: Record<string, unknown>, restoresId: number, who: Who): Promise<number> {
  const id = parseId(snapshot.id);
  if (!id) throw notFound();
  // Its files back from the trash first (storage down: 503, nothing restored). One already back (a
  // restore refused below, then tried again) is where the row needs it; a refused restore leaves
  // them served until the sweeper puts them back in the trash.
  const store = await uploadStore();
  // With their cuts; a cut not in the trash is made again by its first request.
  for (const name of filesOf(entity, snapshot).flatMap(withCuts)) await moveFile(store, trashOf(folderOf(entity)), folderOf(entity), name);
  try {
    await db.$transaction(async (tx) => {
      if (await delegateOf(entity, tx).findUnique({ where: { id } })) throw conflict('restoreIdTaken');
      const row = await delegateOf(entity, tx).create({ data: snapshot });
      await recordActivity(tx, {
        ...who,
        kind: 'restore',
        entity: entity.key,
        entityId: id,
        changes: changedFields(null, columns(row), loggedFields(entity)),
        restoresId,
      });
    }, TRANSACTION);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && (error.code === 'P2002' || error.code === 'P2003')) {
      throw conflict('restoreConflict');
    }
    throw error;
  }
  await invalidate(entity.key);
  return id;
}
