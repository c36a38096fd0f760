// `npm run backup [-- --no-verify]`: one archive of the database and every upload in BACKUP_DIR
// (lib/backups), checked by a real restore into a throw-away database unless --no-verify, copied
// to BACKUP_S3_BUCKET when set. Its last line is the archive's path; any failure is one line and
// exit 1, with no archive under a final name.
// The embedded database while `npm start` holds it: the running server makes the archive (its
// process holds the database) and this command waits for it.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { embeddedHolder, startEmbeddedDatabase } from '@/lib/db/embedded';
import { oneLine } from '@/lib/backups/errors';

const say = (line: string) => console.log(`[backup] ${line}`);
const verify = !process.argv.includes('--no-verify');

async function viaRunningServer(url: string): Promise<string> {
  process.env.DATABASE_URL = url;
  process.env.DB_POOL_MAX = '1';
  const { db } = await import('@/lib/db/client');
  const { requestBackup } = await import('@/lib/backups/runner');
  const id = await requestBackup('cli', null);
  say(`the running server holds the embedded database: it makes the archive (run ${id})`);
  const deadline = Date.now() + 6 * 3_600_000;
  for (;;) {
    const run = await db.backupRun.findUnique({ where: { id } });
    if (run && (run.status === 'ok' || run.status === 'failed') && (run.status === 'failed' || run.verifiedAt || run.verifyError)) {
      await db.$disconnect();
      if (run.status === 'failed') throw new Error(run.error ?? 'the backup failed');
      if (run.verifyError) throw new Error(`the archive ${run.file} was made but its verification failed: ${run.verifyError}`);
      return path.resolve(process.env.BACKUP_DIR || 'backups', run.file!);
    }
    if (Date.now() > deadline) throw new Error(`run ${id} did not finish in 6 hours`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function main() {
  const embedded = !process.env.DATABASE_URL;
  const dataDir = process.env.DATA_DIR || 'data';
  let stopDatabase = async () => {};
  let source;
  if (embedded) {
    const holder = embeddedHolder(dataDir);
    if (holder) {
      console.log(await viaRunningServer(holder.url));
      return;
    }
    const files = path.resolve(dataDir, 'pglite');
    if (!existsSync(files) || readdirSync(files).length === 0)
      throw new Error(`there is no embedded database in ${path.resolve(dataDir)} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    const database = await startEmbeddedDatabase(dataDir);
    process.env.DATABASE_URL = database.url;
    process.env.DB_POOL_MAX = '1';
    stopDatabase = database.stop;
    source = { kind: 'embedded' as const, pglite: database.pglite };
  } else {
    source = { kind: 'postgresql' as const, url: process.env.DATABASE_URL! };
  }
  if (!process.env.AUTH_SECRET && existsSync(path.resolve(dataDir, 'auth-secret'))) {
    const { readFileSync } = await import('node:fs');
    process.env.AUTH_SECRET = readFileSync(path.resolve(dataDir, 'auth-secret'), 'utf8').trim();
  }
  try {
    const { config } = await import('@/lib/config');
    const { uploadStore } = await import('@/lib/uploads/store');
    const { createBackup } = await import('@/lib/backups/create');
    const { verifyArchive } = await import('@/lib/backups/verify');
    const { bucketConfigured, copyToBucket } = await import('@/lib/backups/bucket');
    const { recordCliRun } = await import('@/lib/backups/status');
    const result = await createBackup({ database: source, store: await uploadStore(), storeKind: config.s3.bucket ? 's3' : 'local' });
    const { manifest } = result;
    say(
      `${manifest.database.rows} rows in ${Object.keys(manifest.database.tables).length} tables, ${manifest.uploads.count} files (${manifest.uploads.bytes} bytes): ${result.size} bytes in ${(result.durationMs / 1000).toFixed(1)} s`,
    );
    let verifiedAt: Date | null = null;
    if (verify) {
      const checked = await verifyArchive(result.file, {
        ageKey: config.backup.ageKey,
        databaseUrl: source.kind === 'postgresql' ? source.url : undefined,
      });
      verifiedAt = new Date();
      say(
        `verified: restored into a throw-away database, every table's rows and every file's checksum as in the manifest (${(checked.durationMs / 1000).toFixed(1)} s)`,
      );
    }
    let copyError: string | null = null;
    if (bucketConfigured()) {
      try {
        await copyToBucket(result.file);
        say(`copied to the bucket ${config.backup.s3.bucket}`);
      } catch (error) {
        copyError = oneLine(error);
      }
    }
    await recordCliRun(result, verifiedAt, copyError).catch((error) => say(`not recorded in the back office (${oneLine(error)})`));
    if (copyError) throw new Error(`${copyError} The archive is kept here: ${result.file}`);
    console.log(result.file);
  } finally {
    await stopDatabase();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[backup] failed: ${oneLine(error).replace(/^unexpected error: /, '')}`);
    process.exit(1);
  },
);
