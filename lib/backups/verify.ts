import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { StoreFolder } from '@/lib/uploads/store-contract';
import { digestStream, parseManifest, readArchive, readWhole, type EntryDigest } from './archive';
import { countRows, loadDump } from './database';
import { BackupError } from './errors';
import { fromArchivePath } from './files';
import { DUMP_ENTRIES, MANIFEST_ENTRY, MANIFEST_SUM_ENTRY, type Manifest } from './manifest';

// Reading an archive back: every entry hashed and compared with the manifest (nothing extra,
// nothing missing, nothing altered), and for the schedule a real restore of the dump into a
// throw-away database whose every table's row count must equal the manifest's.

/** What a restore does with each entry while it is read (the second pass). */
export interface EntrySink {
  dump(stream: Readable): Promise<EntryDigest>;
  /** Without it the uploads are only hashed. */
  file?(folder: StoreFolder, name: string, data: Buffer): Promise<void>;
}

const DUMP_NAMES: readonly string[] = Object.values(DUMP_ENTRIES);

/** The largest upload an archive may hold (an upload is at most MAX_UPLOAD_BYTES, well under this). */
const MAX_ENTRY_BYTES = 2 ** 30;

function mismatch(name: string): BackupError {
  return new BackupError(`The archive is damaged: ${name} does not match its checksum in the manifest.`);
}

/**
 * Reads the whole archive, checking it; with `sink`, hands each entry on as it is read. Without a
 * manifest known beforehand (the first pass) every entry is compared at the end; with `expected`
 * (the second pass) each one as it comes, so nothing unverified reaches a sink.
 */
export async function inspectArchive(file: string, ageKey: string, sink?: EntrySink, expected?: Manifest): Promise<{ manifest: Manifest }> {
  const seen = new Map<string, EntryDigest>();
  let manifestText: Buffer | null = null;
  let manifestSum: Buffer | null = null;
  const expectedFiles = new Map(expected?.uploads.files.map((f) => [f.path, f]));
  const check = (name: string, digest: EntryDigest) => {
    if (!expected) return;
    const want = name === expected.database.entry ? expected.database : expectedFiles.get(name);
    if (!want || want.size !== digest.size || want.sha256 !== digest.sha256) throw mismatch(name);
  };
  await readArchive(
    file,
    ageKey,
    async (entry) => {
      if (seen.has(entry.name) || manifestSum)
        throw new BackupError(`The archive is damaged: ${entry.name} appears twice or after the manifest.`);
      if (entry.name === MANIFEST_ENTRY) {
        manifestText = await readWhole(entry.stream);
        return;
      }
      if (entry.name === MANIFEST_SUM_ENTRY) {
        manifestSum = await readWhole(entry.stream, 1024);
        return;
      }
      if (manifestText) throw new BackupError(`The archive is damaged: ${entry.name} comes after the manifest.`);
      let digest: EntryDigest;
      const upload = fromArchivePath(entry.name);
      if (sink?.file && upload) {
        if (entry.size > MAX_ENTRY_BYTES) throw new BackupError(`The archive is damaged: ${entry.name} is larger than any upload.`);
        const data = await readWhole(entry.stream, MAX_ENTRY_BYTES);
        digest = { size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
        check(entry.name, digest);
        await sink.file(upload.folder, upload.name, data);
      } else if (sink && DUMP_NAMES.includes(entry.name)) {
        digest = await sink.dump(entry.stream);
        check(entry.name, digest);
      } else {
        digest = await digestStream(entry.stream);
        check(entry.name, digest);
      }
      seen.set(entry.name, digest);
    },
    // With the manifest known (a restore's second pass), every entry is compared with it as it comes.
    { checkEnd: !expected },
  );
  const manifest = parseManifest(manifestText, manifestSum);
  const dump = seen.get(manifest.database.entry);
  if (!dump || dump.size !== manifest.database.size || dump.sha256 !== manifest.database.sha256) throw mismatch(manifest.database.entry);
  for (const want of manifest.uploads.files) {
    const got = seen.get(want.path);
    if (!got) throw new BackupError(`The archive is incomplete: ${want.path} is missing.`);
    if (got.size !== want.size || got.sha256 !== want.sha256) throw mismatch(want.path);
  }
  const known = new Set([manifest.database.entry, ...manifest.uploads.files.map((f) => f.path)]);
  const extra = [...seen.keys()].find((name) => !known.has(name));
  if (extra) throw new BackupError(`The archive is damaged: ${extra} is not in its manifest.`);
  return { manifest };
}

/** A sink for the dump: written to `file` while its digest is counted. */
export function dumpToFile(file: string): EntrySink['dump'] {
  return async (stream) => {
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    await pipeline(stream, count, createWriteStream(file));
    return { size, sha256: hash.digest('hex') };
  };
}

/** Compares a restored database's row counts with the manifest's; the first difference, in words. */
export function compareCounts(manifest: Manifest, counts: Record<string, number>): string | null {
  for (const [table, rows] of Object.entries(manifest.database.tables)) {
    if (counts[table] !== rows) return `table ${table} has ${counts[table] ?? 'no'} rows after the restore, the manifest says ${rows}`;
  }
  const extra = Object.keys(counts).find((table) => !(table in manifest.database.tables));
  return extra ? `table ${extra} is not in the manifest` : null;
}

export interface VerifyResult {
  manifest: Manifest;
  durationMs: number;
}

/**
 * The proof that an archive restores: every entry checked, then the dump restored into a
 * throw-away database (a temporary database on the same PostgreSQL server, or an in-memory
 * embedded one) and every table's row count compared with the manifest. Throws on any difference.
 */
export async function verifyArchive(file: string, options: { ageKey: string; databaseUrl?: string }): Promise<VerifyResult> {
  const started = Date.now();
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'sevenstars-verify-'));
  try {
    // One pass: the dump goes to a scratch file while every entry is hashed; nothing is loaded
    // before the manifest at the end has confirmed every byte.
    const dumpFile = path.join(scratch, 'dump');
    const { manifest } = await inspectArchive(file, options.ageKey, { dump: dumpToFile(dumpFile) });
    const counts =
      manifest.database.kind === 'embedded'
        ? await countInMemory(dumpFile)
        : await countInScratchDatabase(dumpFile, manifest, options.databaseUrl);
    const difference = compareCounts(manifest, counts);
    if (difference) throw new BackupError(`The restore did not match the manifest: ${difference}.`);
    return { manifest, durationMs: Date.now() - started };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function countInMemory(dumpFile: string): Promise<Record<string, number>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  try {
    await db.exec(await readFile(dumpFile, 'utf8'));
    await db.exec('SET search_path TO public');
    return await countRows(db as unknown as Parameters<typeof countRows>[0]);
  } finally {
    await db.close();
  }
}

async function countInScratchDatabase(
  dumpFile: string,
  manifest: Manifest,
  databaseUrl: string | undefined,
): Promise<Record<string, number>> {
  if (!databaseUrl) throw new BackupError('A PostgreSQL archive is verified in a temporary database: DATABASE_URL is not set.');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `sevenstars_verify_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  try {
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } catch (error) {
      throw new BackupError(
        `A temporary database for the verification could not be made (${(error as Error).message}): give the database user CREATEDB.`,
      );
    }
    await loadDump(dumpFile, manifest.database.format, manifest.database.dumpMajor, url.toString());
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await countRows(client);
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}
