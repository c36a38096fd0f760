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
import { buildIfNeededWithProgress, compileServerModules } from './lib/build';

const dev = process.argv.includes('--dev');
const log = (line: string) => console.log(`[start] ${line}`);
process.env.NEXT_TELEMETRY_DISABLED = '1';
const startedAt = performance.now();

// One line per phase, with what it took (issue 35, item 5: a first start that says what it does).
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
async function phase<T>(run: () => Promise<T> | T, done: (result: T) => string): Promise<T> {
  const started = performance.now();
  const result = await run();
  log(`${done(result)} (${seconds(performance.now() - started)})`);
  return result;
}

async function prepareDatabase(): Promise<{ stop: () => Promise<void>; pglite: PGlite | null }> {
  let stop = async () => {};
  let pglite: PGlite | null = null;
  const embedded = !process.env.DATABASE_URL;
  if (embedded) {
    const dataDir = process.env.DATA_DIR || 'data';
    const database = await phase(
      () => startEmbeddedDatabase(dataDir, Number(process.env.EMBEDDED_DB_PORT || 0)),
      () => `database: embedded PostgreSQL (PGlite) started, data in ${path.resolve(dataDir)}`,
    );
    process.env.DATABASE_URL = database.url;
    // PGlite is one session: each process keeps one connection (lib/db/embedded.ts).
    process.env.DB_POOL_MAX = '1';
    // The server must not start a backup runner of its own: this process holds the database.
    process.env.EMBEDDED_DATABASE = '1';
    stop = database.stop;
    pglite = database.pglite;
  }
  await phase(
    () => migrate(process.env.DATABASE_URL!, path.resolve('prisma/migrations')),
    (migrated) => `database: migrations applied (${migrated.applied.length} new, ${migrated.alreadyApplied.length} already applied)`,
  );

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
  log(
    result.seeded
      ? `demo content seeded: the site starts with a demo company, 7Stars Event; replace it in the back office (README, "The demo company") (${seconds(result.seedMs)})`
      : `demo content: the database has content, nothing seeded (${seconds(result.seedMs)})`,
  );
  if (result.admin) {
    log(`Admin ready: ${result.admin}`);
  } else if (result.setup) {
    log(`no Admin yet. To create the first one, open this one-time link (valid ${result.setup.lifetime}, once):`);
    log(`  ${result.setup.url}`);
    log('  (or set ADMIN_EMAIL and ADMIN_PASSWORD and start again; a new link is printed at every start until an Admin exists)');
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
  else await buildIfNeededWithProgress(log);
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
  let exited = false;
  child.on('exit', (code) => {
    exited = true;
    void (runner?.stop() ?? Promise.resolve()).then(stopDatabase).finally(() => process.exit(code ?? 0));
  });
  // The last phase line: the server answers /readyz (its database and storage are good).
  const serving = performance.now();
  const probe = `http://${process.env.HOSTNAME || '127.0.0.1'}:${port}/readyz`;
  while (!exited && performance.now() - serving < 10 * 60_000) {
    const status = await fetch(probe).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) {
      const site = (process.env.SITE_URL || `http://localhost:${port}`).replace(/\/$/, '');
      log(`ready on ${site} (server ${seconds(performance.now() - serving)}, whole start ${seconds(performance.now() - startedAt)})`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

main().catch((error) => {
  console.error('[start] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
