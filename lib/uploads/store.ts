import { mkdir, open, readFile, readdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { config } from '@/lib/config';
import { SAFE_NAME, type StoreFolder, type StoredFile, type UploadStore } from './store-contract';
import { isUnavailable } from '@/lib/db/faults';
import { AppError } from '@/lib/errors';

/** A streamed read's chunk: large enough that a big file costs few turns, small enough to bound memory. */
const READ_CHUNK = 1024 * 1024;


/** What the file system says when the disk, or the account's quota on it, is full. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);
const isDiskFull = (error: unknown) => DISK_FULL.has((error as NodeJS.ErrnoException | null)?.code ?? '');

/**
 * Seconds a client is asked to wait when the uploads disk is full (Retry-After): space comes back
 * when someone frees it, not in the moment a database reconnects (RETRY_AFTER_SECONDS).
 */
export const STORAGE_FULL_RETRY_AFTER_SECONDS = 60;

/** A full disk is the server's state, not the sender's fault: 503 `storageFull`, not a 500. */
export const storageFull = () => new AppError(503, 'storageFull', undefined, STORAGE_FULL_RETRY_AFTER_SECONDS);

/**
 * The readiness write probe runs at most this often per folder; between runs the last verdict
 * stands. Load balancers poll /readyz every few seconds, and several of them may.
 */
const READY_PROBE_INTERVAL_MS = 3_000;
/**
 * What the probe writes: one page / block, so a disk without room for one (no upload would fit)
 * fails it. An empty file needs only an inode and passed on a full disk.
 */
const READY_PROBE_BYTES = 4096;
let lastProbe: { root: string; at: number; result: Promise<void> } | undefined;

async function probeWrite(root: string): Promise<void> {
  await mkdir(root, { recursive: true });
  // A real write, not an access() check: a read-only mount or a full disk fail here too. The dot
  // name is one the store never writes (SAFE_NAME), so nothing else ever sees the probe.
  const probe = path.join(root, `.ready-${randomBytes(6).toString('hex')}`);
  try {
    await writeFile(/*turbopackIgnore: true*/ probe, Buffer.alloc(READY_PROBE_BYTES));
  } finally {
    await rm(probe, { force: true });
  }
}

// Uploads live outside the build output; tell the bundler not to trace them.
const folderPath = (folder: StoreFolder) => path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.uploadsDir, folder);

function resolveSafe(folder: StoreFolder, name: string): string | null {
  if (!SAFE_NAME.test(name) || name.includes('..')) return null;
  const root = folderPath(folder);
  const full = path.resolve(root, name);
  return full.startsWith(root + path.sep) ? full : null;
}

export const localStore: UploadStore = {
  async put(folder, name, data) {
    const full = resolveSafe(folder, name);
    if (!full) throw new Error(`unsafe upload name ${name}`);
    // Write then rename, so a reader never sees half a file. Whatever fails, the temporary file
    // goes: a full disk must not be left fuller by the attempts it refused.
    const temp = `${full}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(/*turbopackIgnore: true*/ temp, data);
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => {});
      throw isDiskFull(error) ? storageFull() : error;
    }
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
  async read(folder, name) {
    const full = resolveSafe(folder, name);
    if (!full) return null;
    try {
      const handle = await open(/*turbopackIgnore: true*/ full, 'r');
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream({ highWaterMark: READ_CHUNK }) };
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
        if (info.isFile()) found.push({ name, modified: info.mtime, size: info.size });
      } catch {
        // Removed between the listing and the stat.
      }
    }
    return found;
  },
  ready() {
    const root = path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.uploadsDir);
    const now = Date.now();
    if (lastProbe?.root !== root || now - lastProbe.at >= READY_PROBE_INTERVAL_MS) {
      const result = probeWrite(root);
      result.catch(() => {}); // its callers see the failure; the kept copy must not be "unhandled"
      lastProbe = { root, at: now, result };
    }
    return lastProbe.result;
  },
};

let chosen: Promise<UploadStore> | undefined;

/**
 * The store this process uses, as it is (its errors unchanged): the bucket when S3_BUCKET is set,
 * else the local folder. The S3 client is loaded only when a bucket is configured.
 */
export function uploadStore(): Promise<UploadStore> {
  chosen ??= config.s3.bucket ? import('./s3-store').then(({ createS3Store }) => createS3Store()) : Promise.resolve(localStore);
  return chosen;
}

/**
 * What the rest of the app uses. Its `remove` is the clean-up after a write (the replaced or deleted
 * row's file, or the file of a write that failed): the row is already right by then, so a store
 * that cannot be reached must not turn a done write into an error. The file is left as an orphan,
 * logged, and the orphan sweeper (which uses uploadStore() directly) removes it later.
 */
export const uploads: UploadStore = {
  put: async (folder, name, data) => (await uploadStore()).put(folder, name, data),
  get: async (folder, name) => (await uploadStore()).get(folder, name),
  read: async (folder, name) => (await uploadStore()).read(folder, name),
  list: async (folder) => (await uploadStore()).list(folder),
  ready: async () => (await uploadStore()).ready(),
  async remove(folder, name) {
    try {
      await (await uploadStore()).remove(folder, name);
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      console.error(`[uploads] could not remove ${folder}/${name} now (storage unavailable); the orphan sweeper removes it later`);
    }
  },
};

/**
 * Moves a file between folders of one store (a copy, then the original removed, so a failure half
 * way leaves it in both places, never in neither). False when the file is not in `from`.
 */
export async function moveFile(store: UploadStore, from: StoreFolder, to: StoreFolder, name: string): Promise<boolean> {
  const file = await store.get(from, name);
  if (!file) return false;
  await store.put(to, name, file.data);
  await store.remove(from, name);
  return true;
}

export function newFileName(ext: string): string {
  return `${Date.now()}-${randomBytes(6).toString('hex')}.${ext}`;
}
