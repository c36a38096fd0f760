import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { listMigrations, migrate } from '@/lib/db/migrate';
import type { UploadStore } from '@/lib/uploads/store-contract';
import { digestStream } from './archive';
import { describeTarget, emptyTarget, loadDump, rowCounts } from './database';
import { BackupError } from './errors';
import { listStoredFiles } from './files';
import type { Manifest } from './manifest';
import { authSecretCheck } from './product';
import { requireTool } from './pg-tools';
import { compareCounts, dumpToFile, inspectArchive } from './verify';

// `npm run restore -- FILE`: into an empty database and an empty uploads store (or, with --force,
// replacing what they hold, said first). Nothing is touched before the whole archive is checked:
// every entry against the manifest, the manifest against its checksum, the schema against the
// code's migrations, the key, the AUTH_SECRET two-factor secrets need, and the target. Then the
// dump is loaded, every table's rows counted against the manifest, the files put back and read
// back against their checksums, newer migrations applied, and what must not come back ended.

export interface RestoreOptions {
  file: string;
  ageKey: string;
  /** The target database (DATABASE_URL, or the embedded database's socket). */
  databaseUrl: string;
  targetKind: 'postgresql' | 'embedded';
  store: UploadStore;
  storeName: string;
  /** Replace a target that is not empty. */
  force?: boolean;
  /** Restore even though AUTH_SECRET differs, turning two-factor off for the accounts that had it. */
  resetTwoFactor?: boolean;
  authSecret?: string;
  migrationsDir?: string;
  log?: (line: string) => void;
}

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  tables: number;
  files: number;
  bytes: number;
  migrationsApplied: string[];
  ended: { sessions: number; links: number; mails: number };
  twoFactorReset: number;
  durationMs: number;
}

const MIGRATIONS = path.resolve('prisma/migrations');

export async function restoreArchive(options: RestoreOptions): Promise<RestoreSummary> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'sevenstars-restore-'));
  try {
    // 1. The archive, whole: every byte against the manifest; the dump kept aside meanwhile.
    const dumpFile = path.join(scratch, 'dump');
    log(`checking ${options.file}`);
    const { manifest } = await inspectArchive(options.file, options.ageKey, { dump: dumpToFile(dumpFile) });

    // 2. The schema: nothing newer than this code knows.
    const known = new Set((await listMigrations(options.migrationsDir ?? MIGRATIONS)).map((m) => m.name));
    const unknown = manifest.database.migrations.find((name) => !known.has(name));
    if (unknown) {
      throw new BackupError(
        `The archive comes from a newer version of the site (its migration ${unknown} is unknown here): update the code first (the version it was made with: ${manifest.product.version}, commit ${manifest.product.commit}), then restore.`,
      );
    }
    if (manifest.database.format === 'custom' && options.targetKind === 'embedded') {
      throw new BackupError(
        "This archive is of a PostgreSQL database and restores into PostgreSQL: set DATABASE_URL to an empty database (an embedded database's archive restores into either). Nothing was changed.",
      );
    }
    if (manifest.database.format === 'custom')
      await requireTool('pg_restore', manifest.database.dumpMajor, `this archive (made by pg_dump ${manifest.database.dumpMajor})`);

    // 3. Two-factor secrets are encrypted under AUTH_SECRET: the same one, or a decision.
    const wanted = manifest.secrets.authSecretCheck;
    const current = authSecretCheck(options.authSecret);
    const secretDiffers = manifest.secrets.twoFactorAccounts > 0 && wanted !== null && wanted !== current;
    if (secretDiffers && !options.resetTwoFactor) {
      throw new BackupError(
        `${manifest.secrets.twoFactorAccounts} account(s) in the archive use two-factor sign-in, and their secrets need the AUTH_SECRET the archive was made with, which is ${current ? 'not this one' : 'not set here'}: ` +
          "set AUTH_SECRET to the old server's value (for the embedded database, copy its DATA_DIR/auth-secret) and run again, or run again with --reset-two-factor (those accounts then sign in with their password and set two-factor up again). Nothing was changed.",
      );
    }

    // 4. The target: reachable, and empty unless --force (which says what it replaces).
    try {
      await options.store.ready();
    } catch (error) {
      throw new BackupError(
        `The uploads store (${options.storeName}) cannot be reached (${(error as Error).message}): nothing was changed.`,
      );
    }
    const target = await describeTarget(options.databaseUrl);
    const present = await listStoredFiles(options.store);
    if (target.tables > 0 || present.length > 0) {
      const what = `the database holds ${target.tables} table(s) with ${target.rows} row(s) and the uploads store (${options.storeName}) ${present.length} file(s)`;
      if (!options.force)
        throw new BackupError(
          `The target is not empty: ${what}. Restore into an empty database and uploads store, or run again with --force to replace them.`,
        );
      log(`--force: replacing what the target holds (${what})`);
      await emptyTarget(options.databaseUrl);
      for (const file of present) await options.store.remove(file.folder, file.name);
    }

    // 5. The database, then its counts against the manifest.
    log(`loading the database (${manifest.database.kind}, ${manifest.database.rows} rows)`);
    await loadDump(dumpFile, manifest.database.format, manifest.database.dumpMajor, options.databaseUrl);
    await rm(dumpFile, { force: true });
    const difference = compareCounts(manifest, await rowCounts(options.databaseUrl));
    if (difference) throw new BackupError(`The restored database does not match the manifest: ${difference}.`);

    // 6. The files, each read back from the store and compared with its checksum.
    log(`putting back ${manifest.uploads.count} file(s) (${manifest.uploads.bytes} bytes)`);
    const sums = new Map(manifest.uploads.files.map((f) => [f.path, f.sha256]));
    await inspectArchive(
      options.file,
      options.ageKey,
      {
        // Loaded already: only hashed, against the manifest, as it passes.
        dump: digestStream,
        file: async (folder, name, data) => {
          await options.store.put(folder, name, data);
          const back = await options.store.read(folder, name);
          const sum = back ? (await digestStream(back.stream)).sha256 : null;
          if (sum !== sums.get(`uploads/${folder}/${name}`))
            throw new BackupError(`uploads/${folder}/${name} did not read back as it was written to the uploads store.`);
        },
      },
      manifest,
    );

    // 7. Migrations newer than the archive.
    const migrated = await migrate(options.databaseUrl, options.migrationsDir ?? MIGRATIONS, log);

    // 8. What must not come back: every session, API token and one-time link; unsent mail.
    const ended = await endWhatMustNotReturn(options.databaseUrl, manifest, Boolean(secretDiffers && options.resetTwoFactor));
    return {
      manifest,
      rows: manifest.database.rows,
      tables: Object.keys(manifest.database.tables).length,
      files: manifest.uploads.count,
      bytes: manifest.uploads.bytes,
      migrationsApplied: migrated.applied,
      ended: ended.ended,
      twoFactorReset: ended.twoFactorReset,
      durationMs: Date.now() - started,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Ends every session, token and link the archive held, and keeps its unsent mail from leaving. */
async function endWhatMustNotReturn(url: string, manifest: Manifest, resetTwoFactor: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const now = "timezone('utc', now())";
  try {
    await client.query('BEGIN');
    const sessions = (await client.query('DELETE FROM api_tokens')).rowCount ?? 0;
    const links = (await client.query(`UPDATE account_links SET used_at = ${now} WHERE used_at IS NULL`)).rowCount ?? 0;
    await client.query(`UPDATE backup_links SET used_at = ${now} WHERE used_at IS NULL`);
    // Unsent in the archive: the old server may have sent it since; never twice.
    const mails = (
      await client.query(`UPDATE mail_outbox SET sent_at = ${now}, locked_until = NULL, last_error = $1 WHERE sent_at IS NULL`, [
        `not sent: restored from the backup of ${manifest.createdAt}, which held it unsent`,
      ])
    ).rowCount;
    await client.query(
      `UPDATE backup_runs SET status = 'failed', error = 'in progress when the restored archive was made', finished_at = ${now} WHERE status IN ('running', 'requested')`,
    );
    await client.query('DELETE FROM rate_limits');
    let twoFactorReset = 0;
    if (resetTwoFactor) {
      twoFactorReset =
        (
          await client.query(
            'UPDATE users SET two_factor_secret = NULL, two_factor_enabled_at = NULL, two_factor_last_step = NULL WHERE two_factor_secret IS NOT NULL',
          )
        ).rowCount ?? 0;
      await client.query('DELETE FROM recovery_codes');
    }
    await client.query(`INSERT INTO activity_log (kind, entity, detail) VALUES ('backupRestored', 'backups', $1)`, [
      `${manifest.createdAt.slice(0, 19)}Z ${manifest.product.version}`.slice(0, 254),
    ]);
    await client.query('COMMIT');
    return { ended: { sessions, links, mails: mails ?? 0 }, twoFactorReset };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}
