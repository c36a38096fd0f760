import type { Readable } from 'node:stream';
import { IMAGE_ENTITIES, type EntityKey } from '@/lib/entities/registry';

// What every upload store is (the local folder in ./store.ts, a bucket in ./s3-store.ts): its
// folders, its file names and its interface. Both stores import it; the chooser imports both.

/**
 * One folder per entity, named by its key (the old URL folders: each entity's `image.urlFolder`),
 * and `site` for the site settings' files (logo, social preview image, portfolio PDF).
 */
export type UploadFolder = EntityKey | typeof SITE_FOLDER;

/** The site settings' folder (lib/settings/save.ts); the sweeper knows its references too. */
export const SITE_FOLDER = 'site';

/** Every upload folder: one per entity that stores an image, and the settings' one. */
export const UPLOAD_FOLDERS: readonly UploadFolder[] = [...IMAGE_ENTITIES.map((entity) => entity.key as UploadFolder), SITE_FOLDER];

/**
 * Where a deleted item's files wait while it can be restored (docs/uploads.md, "Activity log"):
 * beside its folder, never served (/media and the old folders map only to UPLOAD_FOLDERS).
 */
export type TrashFolder = `trash-${UploadFolder}`;
export const trashOf = (folder: UploadFolder): TrashFolder => `trash-${folder}`;

/** Every folder the store holds: the served ones and their trash. */
export type StoreFolder = UploadFolder | TrashFolder;
export const STORE_FOLDERS: readonly StoreFolder[] = [...UPLOAD_FOLDERS, ...UPLOAD_FOLDERS.map(trashOf)];

/** A stored file's name: what either store accepts (and the readiness probe's dot name never is). */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The one storage interface: the local folder (UPLOADS_DIR, the default) or a bucket
 * (lib/uploads/s3-store.ts, with S3_BUCKET). A store that cannot be reached right now throws the
 * 503 `unavailable` AppError (lib/db/faults.ts); `get` answers null only for a missing file.
 */
export interface UploadStore {
  put(folder: StoreFolder, name: string, data: Buffer): Promise<void>;
  get(folder: StoreFolder, name: string): Promise<{ data: Buffer; modified: Date } | null>;
  /** The file as a stream of known size (a backup reads every file so, in bounded memory); null when missing. */
  read(folder: StoreFolder, name: string): Promise<{ size: number; stream: Readable } | null>;
  /** Idempotent: removing a file that is not there is no error. */
  remove(folder: StoreFolder, name: string): Promise<void>;
  /** Every stored object in a folder (unfinished writes included), for the orphan sweeper. */
  list(folder: StoreFolder): Promise<StoredFile[]>;
  /** Resolves when the store can be written (for readiness checks); throws saying why not. */
  ready(): Promise<void>;
}

export interface StoredFile {
  name: string;
  modified: Date;
  size: number;
}
