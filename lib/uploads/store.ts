import { mkdir, readFile, readdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { config } from '@/lib/config';

/** Clear folder names on disk; the legacy URL folders are mapped in lib/legacy/image-folders.ts. */
export type UploadFolder = 'slides' | 'clients' | 'contacts' | 'events' | 'team' | 'services';

export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The one storage interface; a bucket-backed store can replace this local-disk one. */
export interface UploadStore {
  put(folder: UploadFolder, name: string, data: Buffer): Promise<void>;
  get(folder: UploadFolder, name: string): Promise<{ data: Buffer; modified: Date } | null>;
  remove(folder: UploadFolder, name: string): Promise<void>;
  /** Every stored object in a folder (unfinished writes included), for the orphan sweeper. */
  list(folder: UploadFolder): Promise<StoredFile[]>;
}

export interface StoredFile {
  name: string;
  modified: Date;
}

// Uploads live outside the build output; tell the bundler not to trace them.
const folderPath = (folder: UploadFolder) => path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.uploadsDir, folder);

function resolveSafe(folder: UploadFolder, name: string): string | null {
  if (!SAFE_NAME.test(name) || name.includes('..')) return null;
  const root = folderPath(folder);
  const full = path.resolve(root, name);
  return full.startsWith(root + path.sep) ? full : null;
}

export const localStore: UploadStore = {
  async put(folder, name, data) {
    const full = resolveSafe(folder, name);
    if (!full) throw new Error(`unsafe upload name ${name}`);
    await mkdir(path.dirname(full), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${full}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(/*turbopackIgnore: true*/ temp, data);
    await rename(temp, full);
  },
  async get(folder, name) {
    const full = resolveSafe(folder, name);
    if (!full) return null;
    try {
      const [data, info] = await Promise.all([readFile(/*turbopackIgnore: true*/ full), stat(/*turbopackIgnore: true*/ full)]);
      return { data, modified: info.mtime };
    } catch {
      return null;
    }
  },
  async remove(folder, name) {
    const full = resolveSafe(folder, name);
    if (full) await rm(full, { force: true });
  },
  async list(folder) {
    let names: string[];
    try {
      names = await readdir(/*turbopackIgnore: true*/ folderPath(folder));
    } catch (error) {
      // No folder yet: nothing was ever stored there.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found: StoredFile[] = [];
    for (const name of names) {
      const full = resolveSafe(folder, name);
      if (!full) continue; // not a name this store writes; never touched
      try {
        const info = await stat(/*turbopackIgnore: true*/ full);
        if (info.isFile()) found.push({ name, modified: info.mtime });
      } catch {
        // Removed between the listing and the stat.
      }
    }
    return found;
  },
};

export const uploads: UploadStore = localStore;

/**
 * Readiness of the uploads store (GET /readyz): resolves when the local folder takes a write,
 * throws otherwise. A bucket-backed store swaps in its own check here.
 */
export async function storeReady(): Promise<void> {
  const root = path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.uploadsDir);
  await mkdir(root, { recursive: true });
  // A real write, not an access() check: a read-only mount or a full disk fail here too. The dot
  // name is one the store never writes (SAFE_NAME), so nothing else ever sees the probe.
  const probe = path.join(root, `.ready-${randomBytes(6).toString('hex')}`);
  await writeFile(/*turbopackIgnore: true*/ probe, '');
  await rm(probe, { force: true });
}

export function newFileName(ext: string): string {
  return `${Date.now()}-${randomBytes(6).toString('hex')}.${ext}`;
}
