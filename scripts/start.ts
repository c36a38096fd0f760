// `npm start`: the zero-setup path. Starts an embedded PostgreSQL when DATABASE_URL is absent,
// applies committed migrations with our own runner, seeds an empty database, creates the first
// Admin from ADMIN_EMAIL/ADMIN_PASSWORD, builds when the sources changed, then serves Next.
// `npm run dev` does the same with `next dev`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedDatabase } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { buildIfNeeded } from './lib/build';

const dev = process.argv.includes('--dev');
const log = (line: string) => console.log(`[start] ${line}`);
process.env.NEXT_TELEMETRY_DISABLED = '1';

async function prepareDatabase(): Promise<() => Promise<void>> {
  let stop = async () => {};
  if (!process.env.DATABASE_URL) {
    const dataDir = process.env.DATA_DIR || 'data';
    const embedded = await startEmbeddedDatabase(dataDir, Number(process.env.EMBEDDED_DB_PORT || 0));
    process.env.DATABASE_URL = embedded.url;
    // PGlite answers one connection at a time.
    process.env.DB_POOL_MAX = '1';
    stop = embedded.stop;
    log(`embedded PostgreSQL (PGlite) with data in ${path.resolve(dataDir)}`);
  }
  const result = await migrate(process.env.DATABASE_URL!, path.resolve('prisma/migrations'), log);
  log(`migrations: ${result.applied.length} applied, ${result.alreadyApplied.length} already applied`);

  // Imported late: the client reads DATABASE_URL and DB_POOL_MAX when it is created.
  const { db } = await import('@/lib/db/client');
  const { seedIfEmpty } = await import('@/lib/db/seed');
  const { ensureAdmin } = await import('@/lib/entities/user');
  if (await seedIfEmpty(db, log)) log('seeded the demo company');
  if (process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD) {
    const admin = await ensureAdmin(process.env.ADMIN_EMAIL, process.env.ADMIN_PASSWORD, process.env.ADMIN_NAME);
    log(`Admin ready: ${admin.email}`);
  } else if ((await db.user.count({ where: { isAdmin: true } })) === 0) {
    log('no Admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin:create -- --email E --password P`');
  }
  // Release the connection: with PGlite the server process needs it.
  await db.$disconnect();
  return stop;
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
  process.env.AUTH_SECRET = readFileSync(file, 'utf8').trim();
}

async function main() {
  ensureAuthSecret();
  const stopDatabase = await prepareDatabase();
  if (!dev) buildIfNeeded(log);
  const port = process.env.PORT || '3000';
  // Production serves through scripts/serve.mjs (Next behind the cached-page fast path).
  const [command, args] = dev ? ['npx', ['next', 'dev', '-p', port]] : [process.execPath, ['scripts/serve.mjs']];
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, PORT: port } });
  const shutdown = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  child.on('exit', (code) => {
    void stopDatabase().finally(() => process.exit(code ?? 0));
  });
}

main().catch((error) => {
  console.error('[start] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
