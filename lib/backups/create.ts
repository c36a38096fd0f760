import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import type { UploadStore } from '@/lib/uploads/store-contract';
import { writeArchive } from './archive';
import { dumpDatabase, type DatabaseSource } from './database';
import { BackupError, diskFull } from './errors';
import { listStoredFiles } from './files';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, DUMP_ENTRIES, type Manifest } from './manifest';
import { authSecretCheck, productInfo } from './product';

// `npm run backup` and every scheduled run: the database first (its snapshot is the moment of the
// backup), then every upload. A file is removed from the store only after its row is gone and a
// grace period (the sweeper's hour; deleted items' files wait 30 days in the trash), so what the
// snapshot's rows name is still there when the files are read right after it.

export const ARCHIVE_PREFIX = 'sevenstars-backup-';
const NAME = /^sevenstars-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar(\.age)?$/;

/** `sevenstars-backup-2026-12-01T23-00-00-000Z.tar` (`.tar.age` when encrypted): sortable, and safe in any file system. */
export function archiveName(at: Date, encrypted: boolean): string {
  return `${ARCHIVE_PREFIX}${at.toISOString().replace(/[:.]/g, '-')}.tar${encrypted ? '.age' : ''}`;
}

/** The time an archive's name says it was made, or null for any other file. */
export function archiveTime(name: string): Date | null {
  const m = NAME.exec(name);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`) : null;
}

export interface BackupOptions {
  database: DatabaseSource;
  store: UploadStore;
  storeKind: 'local' | 's3';
  dir?: string;
  ageKey?: string;
  now?: Date;
}

export interface BackupResult {
  file: string;
  name: string;
  size: number;
  manifest: Manifest;
  durationMs: number;
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const dir = path.resolve(options.dir ?? config.backup.dir);
  const ageKey = options.ageKey ?? config.backup.ageKey;
  const now = options.now ?? new Date();
  const name = archiveName(now, Boolean(ageKey));
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw diskFull(error, dir) ?? error;
  }
  // The dump waits in a folder of its own beside the archives (same disk, never a final name).
  let staging: string;
  try {
    staging = await mkdtemp(path.join(dir, '.partial-'));
  } catch (error) {
    throw diskFull(error, dir) ?? error;
  }
  try {
    const format = options.database.kind === 'embedded' ? 'sql' : 'custom';
    const dumpFile = path.join(staging, DUMP_ENTRIES[format]);
    let dump;
    try {
      dump = await dumpDatabase(options.database, dumpFile);
    } catch (error) {
      throw diskFull(error, dir) ?? error;
    }
    const dumpSize = (await stat(dumpFile)).size;
    let manifest: Manifest | undefined;
    const { size } = await writeArchive(path.join(dir, name), { ageKey, mtime: now }, async (writer) => {
      const dumpDigest = await writer.addStream(DUMP_ENTRIES[format], dumpSize, createReadStream(dumpFile));
      // The dump is in the archive now: its copy need not take the disk's room while files are added.
      await rm(dumpFile, { force: true });
      const files: Manifest['uploads']['files'] = [];
      let stored;
      try {
        stored = await listStoredFiles(options.store);
      } catch (error) {
        throw new BackupError(`The uploads store cannot be read (${(error as Error).message}): no archive was made.`);
      }
      for (const entry of stored) {
        let file;
        try {
          file = await options.store.read(entry.folder, entry.name);
        } catch (error) {
          throw new BackupError(`The uploads store cannot be read (${(error as Error).message}): no archive was made.`);
        }
        // Removed since the listing (an orphan swept, a trash emptied): no row of the snapshot needs it.
        if (!file) continue;
        const digest = await writer.addStream(entry.path, file.size, file.stream);
        files.push({ path: entry.path, ...digest });
      }
      manifest = {
        format: ARCHIVE_FORMAT,
        version: ARCHIVE_VERSION,
        createdAt: now.toISOString(),
        product: productInfo(),
        database: {
          kind: options.database.kind,
          serverVersion: dump.serverVersion,
          dumpTool: dump.dumpTool,
          dumpMajor: dump.dumpMajor,
          format,
          entry: DUMP_ENTRIES[format],
          size: dumpDigest.size,
          sha256: dumpDigest.sha256,
          tables: dump.tables,
          rows: dump.rows,
          migrations: dump.migrations,
          lastMigration: dump.migrations.at(-1) ?? null,
        },
        uploads: { store: options.storeKind, count: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0), files },
        secrets: { authSecretCheck: authSecretCheck(), twoFactorAccounts: dump.twoFactorAccounts },
      };
      return manifest;
    });
    return { file: path.join(dir, name), name, size, manifest: manifest!, durationMs: Date.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** What a run records of the archive it made (backup_runs' columns). */
export function recordedResult(result: BackupResult) {
  const { manifest } = result;
  return {
    file: result.name,
    size: BigInt(result.size),
    rows: manifest.database.rows,
    files: manifest.uploads.count,
    fileBytes: BigInt(manifest.uploads.bytes),
    durationMs: result.durationMs,
  };
}
