import { readFile, writeFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { BackupError } from './errors';
import { libpqTarget, requireTool, runTool } from './pg-tools';

// The database half of a backup: a consistent dump made by the field's own tool, and the row
// count of every table read in the very snapshot the dump was made from.
//  - PostgreSQL: a REPEATABLE READ transaction exports its snapshot; the counts are read in it and
//    pg_dump (custom format) is given it with --snapshot, so the site goes on writing meanwhile.
//  - The embedded database (PGlite, one session shared by every connection): PGlite's clone() copies
//    its committed state at once (a transaction in flight is not in it), and pglite-tools' pg_dump
//    (PostgreSQL's own, compiled to WASM) dumps that copy as plain SQL while the site goes on.

/** Anything that runs SQL and answers rows: a pg client or a PGlite instance. */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export type DatabaseSource = { kind: 'postgresql'; url: string } | { kind: 'embedded'; pglite: PGlite };

export interface DatabaseFacts {
  serverVersion: string;
  serverMajor: number;
  tables: Record<string, number>;
  rows: number;
  migrations: string[];
  twoFactorAccounts: number;
}

export interface DumpResult extends DatabaseFacts {
  format: 'custom' | 'sql';
  dumpTool: string;
  dumpMajor: number;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table of the public schema with its row count, in one statement (so in one snapshot). */
export async function countRows(client: Queryable): Promise<Record<string, number>> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_catalog.pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  if (tables.length === 0) return {};
  const union = tables.map((t, i) => `SELECT ${i} AS i, count(*)::bigint AS n FROM public.${quoteIdent(t.name)}`).join(' UNION ALL ');
  const { rows } = await client.query<{ i: number; n: string | number }>(union);
  const counts: Record<string, number> = {};
  for (const row of rows) counts[tables[Number(row.i)]!.name] = Number(row.n);
  return counts;
}

async function facts(client: Queryable): Promise<DatabaseFacts> {
  const { rows: version } = await client.query<{ server_version: string; num: string }>(
    "SELECT current_setting('server_version') AS server_version, current_setting('server_version_num') AS num",
  );
  const serverVersion = version[0]!.server_version.split(' ')[0]!;
  const serverMajor = Math.floor(Number(version[0]!.num) / 10_000);
  const tables = await countRows(client);
  const migrations =
    '_prisma_migrations' in tables
      ? (
          await client.query<{ name: string }>(
            'SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
          )
        ).rows.map((r) => r.name)
      : [];
  const twoFactorAccounts =
    'users' in tables
      ? Number((await client.query<{ n: string }>('SELECT count(*)::text AS n FROM users WHERE two_factor_secret IS NOT NULL')).rows[0]!.n)
      : 0;
  const rows = Object.values(tables).reduce((sum, n) => sum + n, 0);
  return { serverVersion, serverMajor, tables, rows, migrations, twoFactorAccounts };
}

/** Dumps the database into `file`; the facts are those of the dump's own snapshot. */
export async function dumpDatabase(source: DatabaseSource, file: string): Promise<DumpResult> {
  if (source.kind === 'embedded') {
    // Loaded only here: a server on PostgreSQL never needs the WASM build of pg_dump.
    const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
    const copy = (await source.pglite.clone()) as PGlite;
    try {
      const found = await facts(copy as unknown as Queryable);
      const dump = await pgDump({ pg: copy, args: ['--no-owner', '--no-privileges'] });
      await writeFile(file, Buffer.from(await dump.arrayBuffer()));
      return { ...found, format: 'sql', dumpTool: `pglite-tools pg_dump (PostgreSQL ${found.serverMajor})`, dumpMajor: found.serverMajor };
    } finally {
      await copy.close();
    }
  }
  const client = new pg.Client({ connectionString: source.url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`The database cannot be reached (${(error as Error).message}): nothing was written.`);
  }
  try {
    const { rows } = await client.query<{ num: string }>("SELECT current_setting('server_version_num') AS num");
    const major = Math.floor(Number(rows[0]!.num) / 10_000);
    const tool = await requireTool('pg_dump', major, 'this database server');
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const found = await facts(client);
    const { dbname, env } = libpqTarget(source.url);
    await runTool(
      tool.path,
      ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('COMMIT');
    return { ...found, format: 'custom', dumpTool: `pg_dump ${tool.major}`, dumpMajor: tool.major };
  } finally {
    await client.end().catch(() => {});
  }
}

/** What the target database holds: its tables and their rows (an empty target has no table). */
export async function describeTarget(url: string): Promise<{ tables: number; rows: number; serverMajor: number }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`The target database cannot be reached (${(error as Error).message}): nothing was changed.`);
  }
  try {
    const found = await facts(client);
    return { tables: Object.keys(found.tables).length, rows: found.rows, serverMajor: found.serverMajor };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Empties the target's public schema (restore --force): every table, sequence, function and trigger in it. */
export async function emptyTarget(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // DROP SCHEMA, not DELETE: the activity log's append-only triggers refuse deletes, by design.
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Loads a dump into an empty database at `url`: pg_restore for the custom format (one
 * transaction: all or nothing), the plain SQL of the embedded database's pg_dump as one
 * multi-statement query (likewise one implicit transaction).
 */
export async function loadDump(file: string, format: 'custom' | 'sql', dumpMajor: number, url: string): Promise<void> {
  if (format === 'custom') {
    const tool = await requireTool('pg_restore', dumpMajor, 'this archive (made by pg_dump ' + dumpMajor + ')');
    const { dbname, env } = libpqTarget(url);
    await runTool(tool.path, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file], env);
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const major = Math.floor(
      Number((await client.query<{ num: string }>("SELECT current_setting('server_version_num') AS num")).rows[0]!.num) / 10_000,
    );
    let sql = await readFile(file, 'utf8');
    // PostgreSQL 17's pg_dump sets transaction_timeout, a setting older servers do not know.
    if (major < 17) sql = sql.replace(/^SET transaction_timeout = 0;$/m, '');
    await client.query(sql);
    // The dump sets session settings (an empty search_path above all); the embedded database is
    // one session shared by every connection, so they must not outlive the load.
    await client.query('RESET ALL');
  } catch (error) {
    throw new BackupError(`The database dump could not be loaded: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Row counts of a database at `url` (after a restore), for the comparison with the manifest. */
export async function rowCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countRows(client);
  } finally {
    await client.end().catch(() => {});
  }
}
