import 'server-only';
import type { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
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

export interface EntityConfig<R extends Row, I> {
  tag: CacheTag;
  schema: z.ZodType<I>;
  delegate: () => unknown;
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

export type Upload = File | null | undefined;

const delegateOf = <R extends Row, I>(config: EntityConfig<R, I>) => config.delegate() as Delegate<R>;

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

async function validate<R extends Row, I>(
  config: EntityConfig<R, I>,
  raw: Record<string, unknown>,
  hasImage: boolean,
): Promise<I> {
  const parsed = config.schema.safeParse(raw);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  if (config.image?.required && !hasImage) errors.image = ['imageRequired'];
  if (parsed.success && config.check) Object.assign(errors, (await config.check(parsed.data)) ?? {});
  if (!parsed.success || Object.keys(errors).length) throw invalid(errors);
  return parsed.data;
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

export async function create<R extends Row, I>(
  config: EntityConfig<R, I>,
  raw: Record<string, unknown>,
  upload?: Upload,
): Promise<R> {
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
  const oldImage = config.image ? ((existing as Record<string, unknown>)[config.image.column] as string | null) : null;
  const input = await validate(config, { ...config.toInput(existing), ...provided }, Boolean(file || oldImage));
  const image = file && config.image ? await storeImage(config.image.folder, file) : null;
  let row: R;
  try {
    const data = { ...config.toData(input), ...(image && config.image ? { [config.image.column]: image } : {}) };
    row = await delegateOf(config).update({ where: { id }, data, include: config.include });
  } catch (error) {
    if (image && config.image) await uploads.remove(config.image.folder, image);
    mapDbError(error);
  }
  // Only after the row points at the new file is the old one removed.
  if (image && oldImage && config.image) await uploads.remove(config.image.folder, oldImage);
  invalidate(config.tag);
  return row;
}

export async function remove<R extends Row, I>(config: EntityConfig<R, I>, id: number): Promise<void> {
  const existing = await get(config, id);
  await config.beforeRemove?.(existing);
  try {
    await delegateOf(config).delete({ where: { id } });
  } catch (error) {
    mapDbError(error);
  }
  const image = config.image ? ((existing as Record<string, unknown>)[config.image.column] as string | null) : null;
  if (image && config.image) await uploads.remove(config.image.folder, image);
  invalidate(config.tag);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
