// `npm run restore -- FILE [--force] [--reset-two-factor]`: an archive of `npm run backup` into
// this machine's database (DATABASE_URL, else the embedded one in DATA_DIR) and uploads store
// (UPLOADS_DIR, or S3_BUCKET). lib/backups/restore.ts says what it checks before it touches
// anything and what it ends after. Never offered on the web.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { embeddedHolder, startEmbeddedDatabase } from '@/lib/db/embedded';
import { oneLine } from '@/lib/backups/errors';

const say = (line: string) => console.log(`[restore] ${line}`);
const args = process.argv.slice(2);
const force = args.includes('--force');
const resetTwoFactor = args.includes('--reset-two-factor');
const file = args.find((a) => !a.startsWith('--'));
const unknownFlag = args.find((a) => a.startsWith('--') && a !== '--force' && a !== '--reset-two-factor');

async function main() {
  if (unknownFlag) throw new Error(`unknown option ${unknownFlag} (usage: npm run restore -- FILE [--force] [--reset-two-factor])`);
  if (!file) throw new Error('usage: npm run restore -- FILE [--force] [--reset-two-factor]');
  const dataDir = process.env.DATA_DIR || 'data';
  let stopDatabase = async () => {};
  let databaseUrl = process.env.DATABASE_URL;
  let targetKind: 'postgresql' | 'embedded' = 'postgresql';
  if (!databaseUrl) {
    const holder = embeddedHolder(dataDir);
    if (holder)
      throw new Error(
        `the embedded database in ${path.resolve(dataDir)} is in use by process ${holder.pid}: stop the server (npm start) first`,
      );
    const database = await startEmbeddedDatabase(dataDir);
    databaseUrl = database.url;
    stopDatabase = database.stop;
    targetKind = 'embedded';
    say(`target: the embedded database in ${path.resolve(dataDir)}`);
  } else say(`target: ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}`);
  process.env.DATABASE_URL = databaseUrl;
  const secretFile = path.resolve(dataDir, 'auth-secret');
  const authSecret = process.env.AUTH_SECRET || (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : undefined);
  try {
    const { config } = await import('@/lib/config');
    const { uploadStore } = await import('@/lib/uploads/store');
    const { restoreArchive } = await import('@/lib/backups/restore');
    const storeName = config.s3.bucket ? `bucket ${config.s3.bucket}` : path.resolve(config.uploadsDir);
    const summary = await restoreArchive({
      file: path.resolve(file),
      ageKey: config.backup.ageKey,
      databaseUrl,
      targetKind,
      store: await uploadStore(),
      storeName,
      force,
      resetTwoFactor,
      authSecret,
      log: say,
    });
    const m = summary.manifest;
    say(`restored the backup of ${m.createdAt} (${m.database.kind}, version ${m.product.version}, ${m.product.commit.slice(0, 12)})`);
    say(`${summary.rows} rows in ${summary.tables} tables and ${summary.files} files (${summary.bytes} bytes), each as in the manifest`);
    if (summary.migrationsApplied.length) say(`migrations applied since: ${summary.migrationsApplied.join(', ')}`);
    say(
      `ended ${summary.ended.sessions} session(s) and API token(s), ${summary.ended.links} reset or invitation link(s); ${summary.ended.mails} mail(s) the archive held unsent will not be sent`,
    );
    if (summary.twoFactorReset)
      say(`two-factor sign-in turned off for ${summary.twoFactorReset} account(s): they set it up again after signing in`);
    if (!authSecret)
      say(
        "AUTH_SECRET is not set: set the old server's value before starting, or everyone signs in again (they must anyway) and two-factor secrets cannot be read",
      );
    say(`done in ${(summary.durationMs / 1000).toFixed(1)} s`);
  } finally {
    await stopDatabase();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[restore] failed: ${oneLine(error).replace(/^unexpected error: /, '')}`);
    process.exit(1);
  },
);
