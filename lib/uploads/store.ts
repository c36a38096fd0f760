import { mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
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
}

function resolveSafe(folder: UploadFolder, name: string): string | null {
  if (!SAFE_NAME.test(name) || name.includes('..')) return null;
  // Uploads live outside the build output; tell the bundler not to trace them.
  const root = path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.uploadsDir, folder);
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
};

export const uploads: UploadStore = localStore;

export function newFileName(ext: string): string {
  return `${Date.now()}-${randomBytes(6).toString('hex')}.${ext}`;
}
