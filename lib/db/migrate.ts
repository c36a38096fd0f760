import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

// Applies prisma/migrations with the same `_prisma_migrations` bookkeeping as
// `prisma migrate deploy`, so either tool can take over. It needs no Prisma engine.
// The advisory lock key is Prisma's own, so this runner and the CLI also exclude each other.
const PRISMA_ADVISORY_LOCK = 72707369;

const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

export async function listMigrations(dir: string): Promise<{ name: string; sql: string; checksum: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

export async function migrate(
  connectionString: string,
  dir = path.resolve('prisma/migrations'),
  log: (line: string) => void = () => {},
): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
    try {
      await client.query(BOOKKEEPING);
      const { rows } = await client.query<{
        migration_name: string;
        finished_at: Date | null;
        rolled_back_at: Date | null;
        checksum: string;
      }>('SELECT migration_name, finished_at, rolled_back_at, checksum FROM "_prisma_migrations"');
      const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
      if (failed) {
        throw new Error(
          `Migration ${failed.migration_name} failed earlier and was not resolved; fix the database, then mark it rolled back.`,
        );
      }
      const done = new Map(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => [r.migration_name, r]));
      const result: MigrationResult = { applied: [], alreadyApplied: [] };
      for (const migration of await listMigrations(dir)) {
        const previous = done.get(migration.name);
        if (previous) {
          if (previous.checksum !== migration.checksum) log(`warning: ${migration.name} was edited after it was applied`);
          result.alreadyApplied.push(migration.name);
          continue;
        }
        const id = randomUUID();
        // Postgres DDL is transactional: a failing migration leaves no half-applied schema.
        await client.query('BEGIN');
        try {
          await client.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())', [
            id,
            migration.checksum,
            migration.name,
          ]);
          await client.query(migration.sql);
          await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
        }
        log(`applied ${migration.name}`);
        result.applied.push(migration.name);
      }
      return result;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]);
    }
  } finally {
    await client.end();
  }
}
