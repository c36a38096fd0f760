import { STORE_FOLDERS, type StoreFolder, type UploadStore } from '@/lib/uploads/store-contract';
import { UPLOADS_PREFIX } from './manifest';

// The uploads half: every file of every folder of the store (the served ones and the trash kept
// for the 30-day restore of deleted items), local folder or bucket alike, through the one store
// interface. A write cut short (`.tmp`) is no file of the site.

export interface StoredEntry {
  folder: StoreFolder;
  name: string;
  path: string;
}

export const archivePath = (folder: StoreFolder, name: string) => `${UPLOADS_PREFIX}${folder}/${name}`;

/** Splits `uploads/<folder>/<name>` back into a store folder and a name; null for anything else. */
export function fromArchivePath(entry: string): { folder: StoreFolder; name: string } | null {
  if (!entry.startsWith(UPLOADS_PREFIX)) return null;
  const [folder, name, ...rest] = entry.slice(UPLOADS_PREFIX.length).split('/');
  if (!folder || !name || rest.length || !(STORE_FOLDERS as readonly string[]).includes(folder)) return null;
  return { folder: folder as StoreFolder, name };
}

export async function listStoredFiles(store: UploadStore): Promise<StoredEntry[]> {
  const found: StoredEntry[] = [];
  for (const folder of STORE_FOLDERS) {
    const files = await store.list(folder);
    for (const file of files.sort((a, b) => a.name.localeCompare(b.name))) {
      if (file.name.endsWith('.tmp')) continue;
      found.push({ folder, name: file.name, path: archivePath(folder, file.name) });
    }
  }
  return found;
}
