import 'server-only';
import type { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db/client';
import { changedFields, recordActivity, rowSnapshot, type Who } from '@/lib/activity';
import { invalidate } from '@/lib/cache';
import { conflict, invalid, notFound, type FieldErrors } from '@/lib/errors';
import { fileColumns, rowToInput, type AnyEntity, type EntityDef, type Row } from '@/lib/entities/define';
import { checkPdf, PdfError } from '@/lib/uploads/pdf';
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

/**
 * What a form sends beside its fields: the image, and for an entity with a document (a
 * certificate's PDF) a new one or the order to drop the one held. A bare file is the image alone
 * (the old API's, the slides' order).
 */
export interface Uploads {
  image?: Upload;
  document?: Upload;
  removeDocument?: boolean;
}

const uploadsOf = (upload: Upload | Uploads): Uploads => (upload instanceof File || !upload ? { image: upload } : upload);

const delegateOf = <R extends Row>(entity: Entity<R>, client: DbClient = db) => entity.delegate(client) as Delegate<R>;

/** The stored file name a row refers to (null without an image). */
const imageOf = (entity: AnyEntity, row: Row): string | null =>
  entity.image ? (((row as unknown as Record<string, unknown>)[entity.image.column] as string | null | undefined) ?? null) : null;

/** The stored document (a PDF) a row refers to ('' or null without one). */
const documentOf = (entity: AnyEntity, row: Row): string | null =>
  entity.document
    ? (((row as unknown as Record<string, unknown>)[entity.document.column] as string | null | undefined) ?? null) || null
    : null;

/** Every stored file a row refers to: its image, its document and its gallery's. */
function filesOf(entity: AnyEntity, row: Record<string, unknown>): string[] {
  const gallery = Array.isArray(row.gallery) ? row.gallery.map((image) => (image as { file?: unknown } | null)?.file) : [];
  return [...fileColumns(entity).map((column) => row[column]), ...gallery].filter(
    (name): name is string => typeof name === 'string' && name !== '',
  );
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
const loggedFields = (entity: AnyEntity): string[] => [...Object.keys(entity.schema.shape), ...fileColumns(entity)];

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

/** Every stored file name the entity's rows refer to, documents and galleries included (for the orphan sweeper). */
export async function imageNames(entity: AnyEntity, client: DbClient = db): Promise<string[]> {
  const columns = fileColumns(entity);
  if (!columns.length) return [];
  const gallery = 'gallery' in entity.schema.shape;
  const rows = (await delegateOf(entity, client).findMany({
    select: { ...Object.fromEntries(columns.map((column) => [column, true])), ...(gallery ? { gallery: true } : {}) },
  })) as unknown as Record<string, unknown>[];
  return rows.flatMap((row) => filesOf(entity, row));
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

/** A document as sent, once it proved a PDF (lib/uploads/pdf.ts); refused under its column. */
async function storeDocument(entity: AnyEntity, file: File): Promise<string> {
  try {
    const data = await checkPdf(file);
    const name = newFileName('pdf');
    await uploads.put(folderOf(entity), name, data);
    return name;
  } catch (error) {
    if (error instanceof PdfError) throw invalid({ [entity.document!.column]: [error.code] });
    throw error;
  }
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

/**
 * The schema's output is the row's data as is (its keys are column names), plus the stored files:
 * a new document's name, or '' when the one held is dropped (`document` null: unchanged).
 */
const rowData = (entity: AnyEntity, input: Data, image: string | null, document: string | null = null) => ({
  ...input,
  ...(image && entity.image ? { [entity.image.column]: image } : {}),
  ...(document !== null && entity.document ? { [entity.document.column]: document } : {}),
});

/** A new document to store (null: none sent, or the entity has none). */
const documentFile = (entity: AnyEntity, files: Uploads): File | null =>
  entity.document && isFile(files.document) ? files.document : null;

/** Removes files stored for a write that did not happen. */
async function discard(entity: AnyEntity, image: string | null, document: string | null) {
  if (image) await removeWithCuts(folderOf(entity), image);
  if (document) await uploads.remove(folderOf(entity), document);
}

/** Stores a write's new files, after its fields passed: the document, then the image (a refused image leaves no document). */
async function storeFiles(
  entity: AnyEntity,
  image: File | null,
  files: Uploads,
): Promise<{ image: string | null; document: string | null }> {
  const docFile = documentFile(entity, files);
  const document = docFile ? await storeDocument(entity, docFile) : null;
  try {
    return { image: image && entity.image ? await storeImage(folderOf(entity), image) : null, document };
  } catch (error) {
    await discard(entity, null, document);
    throw error;
  }
}

export async function create<R extends Row>(
  entity: Entity<R>,
  raw: Record<string, unknown>,
  upload: Upload | Uploads,
  who: Who,
): Promise<R> {
  const files = uploadsOf(upload);
  const file = isFile(files.image) ? files.image : null;
  const input = await validate(entity, raw, Boolean(file));
  const { image, document } = await storeFiles(entity, file, files);
  try {
    const row = await db.$transaction(async (tx) => {
      const data = entity.prepare ? await entity.prepare(input, tx, null) : input;
      const created = await delegateOf(entity, tx).create({ data: rowData(entity, data, image, document), include: entity.include });
      const changes = changedFields(null, columns(created), loggedFields(entity));
      await recordActivity(tx, { ...who, kind: 'create', entity: entity.key, entityId: created.id, changes });
      return created;
    }, TRANSACTION);
    await invalidate(entity.key);
    return row;
  } catch (error) {
    await discard(entity, image, document);
    mapDbError(error);
  }
}

export async function update<R extends Row>(
  entity: Entity<R>,
  id: number,
  raw: Record<string, unknown>,
  upload: Upload | Uploads,
  who: Who,
  /** The version the caller read the row at (lib/entities/version.ts); undefined: not compared. */
  version?: string,
): Promise<R> {
  const existing = await get(entity, id);
  const files = uploadsOf(upload);
  const file = isFile(files.image) ? files.image : null;
  // Only the schema's fields, and only those sent: everything else comes from the row.
  const fields = new Set(Object.keys(entity.schema.shape));
  const provided = Object.fromEntries(Object.entries(raw).filter(([k, v]) => v !== undefined && fields.has(k)));
  // Checked against the row as read now, before a file is stored: a refused update stores nothing.
  await validate(entity, { ...rowToInput(entity, existing), ...provided }, Boolean(file || imageOf(entity, existing)));
  const { image, document } = await storeFiles(entity, file, files);
  // The document the row gets: the new one, '' when the held one is dropped, null: as it is.
  const nextDocument = document ?? (entity.document && files.removeDocument ? '' : null);
  let result: { row: R; replaced: string | null; replacedDocument: string | null };
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
      const heldDocument = documentOf(entity, current);
      const row = await delegateOf(entity, tx).update({
        where: { id },
        data: { ...rowData(entity, input, image, nextDocument), updatedAt: nextUpdatedAt(current) },
        include: entity.include,
      });
      await entity.afterUpdate?.(current, row, tx);
      // Only what this write changed, against the row it locked. Saving a form unchanged logs nothing.
      const changes = changedFields(columns(current), columns(row), loggedFields(entity));
      if (Object.keys(changes).length) await recordActivity(tx, { ...who, kind: 'update', entity: entity.key, entityId: id, changes });
      return {
        row,
        replaced: image && held !== image ? held : null,
        replacedDocument: nextDocument !== null && heldDocument && heldDocument !== nextDocument ? heldDocument : null,
      };
    }, TRANSACTION);
  } catch (error) {
    await discard(entity, image, document);
    mapDbError(error);
  }
  // Only after the row points at the new file (committed) is the old one removed.
  if (result.replaced) await removeWithCuts(folderOf(entity), result.replaced);
  if (result.replacedDocument) await uploads.remove(folderOf(entity), result.replacedDocument);
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
