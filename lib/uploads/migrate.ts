import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { SAFE_NAME, STORE_FOLDERS, type StoreFolder, type UploadStore } from './store-contract';

export interface MigrateCounts {
  /** Files written to the target. */
  copied: number;
  /** Files the target already holds with the same size (a run before this one copied them). */
  skipped: number;
  /** Entries that are not finished uploads (half-written `.tmp` files, unsafe names, folders). */
  ignored: number;
}

/**
 * Copies an uploads folder (UPLOADS_DIR's layout: one sub-folder per StoreFolder, deleted items' trash included) into another
 * store, keeping folder and name. Idempotent: a file the target already holds with the same size
 * is skipped, so a run that stopped half-way is simply run again. Nothing is deleted anywhere.
 */
export async function migrateUploads(
  sourceDir: string,
  target: UploadStore,
  log: (line: string) => void = () => {},
): Promise<Record<StoreFolder, MigrateCounts> & { total: MigrateCounts }> {
  const total: MigrateCounts = { copied: 0, skipped: 0, ignored: 0 };
  const result = { total } as Record<StoreFolder, MigrateCounts> & { total: MigrateCounts };
  for (const folder of STORE_FOLDERS) {
    const counts: MigrateCounts = { copied: 0, skipped: 0, ignored: 0 };
    result[folder] = counts;
    let names: string[];
    try {
      names = (await readdir(path.join(sourceDir, folder))).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // never used
      throw error;
    }
    const present = new Map((await target.list(folder)).map((file) => [file.name, file.size]));
    for (const name of names) {
      const full = path.join(sourceDir, folder, name);
      const info = await stat(full);
      // `.tmp` is what a write cut short leaves (lib/uploads/store.ts writes then renames).
      if (!info.isFile() || !SAFE_NAME.test(name) || name.includes('..') || name.endsWith('.tmp')) {
        counts.ignored += 1;
        continue;
      }
      if (present.get(name) === info.size) {
        counts.skipped += 1;
        continue;
      }
      await target.put(folder, name, await readFile(full));
      counts.copied += 1;
    }
    log(`${folder}: ${counts.copied} copied, ${counts.skipped} already there, ${counts.ignored} ignored`);
    for (const key of ['copied', 'skipped', 'ignored'] as const) total[key] += counts[key];
  }
  return result;
}
