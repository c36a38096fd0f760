// `npm start`: the zero-setup path. Starts an embedded PostgreSQL when DATABASE_URL is absent,
// applies committed migrations with our own runner, seeds an empty database, creates the first
// Admin from ADMIN_EMAIL/ADMIN_PASSWORD, builds when the sources changed, then serves Next.
// `npm run dev` does the same with Next's dev server behind the same HTTP server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { startEmbeddedDatabase } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { buildIfNeeded, compileServerModules } from './lib/build';

const dev = process.argv.includes('--dev');
const log = (line: string) => console.log(`[start] ${line}`);
process.env.NEXT_TELEMETRY_DISABLED = '1';

async function prepareDatabase(): Promise<{ stop: () => Promise<void>; pglite: PGlite | null }> {
  let stop = async () => {};
  let pglite: PGlite | null = null;
  const embedded = !process.env.DATABASE_URL;
  if (embedded) {
    const dataDir = process.env.DATA_DIR || 'data';
    const database = await startEmbeddedDatabase(dataDir, Number(process.env.EMBEDDED_DB_PORT || 0));
    process.env.DATABASE_URL = database.url;
    // PGlite is one session: each process keeps one connection (lib/db/embedded.ts).
    process.env.DB_POOL_MAX = '1';
    // The server must not start a backup runner of its own: this process holds the database.
    process.env.EMBEDDED_DATABASE = '1';
    stop = database.stop;
    pglite = database.pglite;
    log(`embedded PostgreSQL (PGlite) with data in ${path.resolve(dataDir)}`);
  }
  const migrated = await migrate(process.env.DATABASE_URL!, path.resolve('prisma/migrations'), log);
  log(`migrations: ${migrated.applied.length} applied, ${migrated.alreadyApplied.length} already applied`);

  // Imported late: the client reads DATABASE_URL and DB_POOL_MAX when it is created.
  const { db } = await import('@/lib/db/client');
  const { startupWrites, withStartupLock } = await import('@/lib/db/bootstrap');
  const admin =
    process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD
      ? { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD, name: process.env.ADMIN_NAME }
      : null;
  const writes = () => startupWrites(db, admin, log);
  // Several instances may start at once on one database: the seed and the Admin bootstrap run
  // under an advisory lock. The embedded database belongs to this one process (and serves one
  // connection at a time, so a second connection for the lock would wait forever).
  const result = embedded ? await writes() : await withStartupLock(process.env.DATABASE_URL!, writes);
  if (result.seeded) log('seeded the demo company');
  if (result.admin) {
    log(`Admin ready: ${result.admin}`);
  } else if ((await db.user.count({ where: { isAdmin: true } })) === 0) {
    log('no Admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin:create -- --email E --password P`');
  }
  // Release the connection (the embedded database's backup runner, in this process, keeps using it).
  if (!embedded) await db.$disconnect();
  return { stop, pglite };
}

/** Admin sessions need a secret; without one, make one and keep it with the data. */
function ensureAuthSecret() {
  if (process.env.AUTH_SECRET) return;
  const file = path.resolve(process.env.DATA_DIR || 'data', 'auth-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
    log(`generated an AUTH_SECRET in ${file}`);
  }
  // Several instances each make their own: sessions of one are refused by the others.
  if (process.env.REDIS_URL || process.env.S3_BUCKET) {
    log('warning: AUTH_SECRET is not set; with several instances set the same one on each (README, "Several instances")');
  }
  process.env.AUTH_SECRET = readFileSync(file, 'utf8').trim();
}

async function main() {
  ensureAuthSecret();
  const { stop: stopDatabase, pglite } = await prepareDatabase();
  // The embedded database's backups run here, beside it (its dump needs the PGlite instance):
  // on PostgreSQL every server runs them itself (instrumentation.ts).
  const runner = pglite ? (await import('@/lib/backups/runner')).startBackupRunner({ kind: 'embedded', pglite }) : null;
  if (dev) compileServerModules();
  else buildIfNeeded(log);
  const port = process.env.PORT || '3000';
  // Both serve through the one HTTP server (server/main.ts); `--dev` runs Next's dev server behind
  // it, without the page cache.
  const child = spawn(process.execPath, ['dist/server.mjs', ...(dev ? ['--dev'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  });
  const shutdown = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  child.on('exit', (code) => {
    void (runner?.stop() ?? Promise.resolve()).then(stopDatabase).finally(() => process.exit(code ?? 0));
  });
}

main().catch((error) => {
  console.error('[start] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
