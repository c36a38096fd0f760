import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedDatabase } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';

// The in-process tier (tests/inproc): no build, no server. Each file gets its own embedded
// database (PGlite) copied from a template that is migrated and seeded once per version of the
// migrations and the demo (kept in the system's temp folder between runs), with its own uploads
// folder, and calls the domain modules, route handlers and server-only readers directly. What
// needs a real process boundary (locks across connections, limits, shutdown, nginx, several
// instances, the old client's contract over HTTP) stays in tests/integration.

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What the template depends on: a change to any of these makes a new one. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = path.join(ROOT, 'prisma/migrations');
  for (const name of readdirSync(migrations).sort()) {
    const file = path.join(migrations, name, 'migration.sql');
    if (existsSync(file)) hash.update(name).update(readFileSync(file));
  }
  for (const file of ['lib/db/seed.ts', 'lib/db/demo/content.json']) hash.update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/** Sets the environment the product's modules read, before the first database use. */
function pointEnvironmentAt(url: string, uploads: string) {
  process.env.DATABASE_URL = url;
  // PGlite serves one connection at a time.
  process.env.DB_POOL_MAX = '1';
  process.env.UPLOADS_DIR = uploads;
}

async function makeTemplate(dir: string): Promise<void> {
  const building = mkdtempSync(`${dir}.building-`);
  const database = await startEmbeddedDatabase(path.join(building, 'data'));
  try {
    await migrate(database.url, path.join(ROOT, 'prisma/migrations'));
    pointEnvironmentAt(database.url, path.join(building, 'uploads'));
    const { db, closeDb } = await import('@/lib/db/client');
    const { seedIfEmpty } = await import('@/lib/db/seed');
    await seedIfEmpty(db);
    await closeDb();
    // The next use in this process opens a pool on the file's own copy.
    (globalThis as { prisma?: unknown }).prisma = undefined;
  } finally {
    await database.stop();
  }
  // Whole or not at all: another run never copies a half-made template.
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
}

/**
 * This file's database and uploads, a copy of the seeded template, with the environment set so
 * that `@/lib/db/client` and the stores use them. Call in `beforeAll`; `stop` in `afterAll`.
 */
export async function inProcessSite(): Promise<{ url: string; uploads: string; stop: () => Promise<void> }> {
  const template = path.join(os.tmpdir(), `sevenstars-inproc-template-${templateKey()}`);
  if (!existsSync(template)) await makeTemplate(template);
  const copy = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-inproc-'));
  cpSync(template, copy, { recursive: true });
  const database = await startEmbeddedDatabase(path.join(copy, 'data'));
  const uploads = path.join(copy, 'uploads');
  pointEnvironmentAt(database.url, uploads);
  return {
    url: database.url,
    uploads,
    async stop() {
      const { closeDb } = await import('@/lib/db/client');
      await closeDb();
      await database.stop();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}
