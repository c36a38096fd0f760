import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '@/lib/db/migrate';

// Runs against throw-away databases on the same server as the test database.
const adminUrl = new URL(process.env.DATABASE_URL!);
const dbName = `migrations_${process.pid}_${Date.now()}`;
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl.toString() });
  await c.connect();
  await c.query(sql);
  await c.end();
}

const oldDbName = `${dbName}_old`;
const oldUrl = new URL(adminUrl);
oldUrl.pathname = `/${oldDbName}`;

beforeAll(async () => {
  await admin(`CREATE DATABASE "${dbName}"`);
  await admin(`CREATE DATABASE "${oldDbName}"`);
});
afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin(`DROP DATABASE IF EXISTS "${oldDbName}" WITH (FORCE)`);
});

describe('migration runner', () => {
  it('applies every migration to an empty database with prisma-compatible bookkeeping, then a second run changes nothing', async () => {
    const dir = path.resolve('prisma/migrations');
    const all = await listMigrations(dir);
    // Two runners at once: the advisory lock makes one wait for the other.
    const [a, b] = await Promise.all([migrate(url.toString(), dir), migrate(url.toString(), dir)]);
    expect([...a.applied, ...b.applied].sort()).toEqual(all.map((m) => m.name));
    expect(a.applied.length === 0 || b.applied.length === 0).toBe(true);

    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    const rows = (
      await c.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name')
    ).rows;
    expect(rows.map((r) => r.migration_name)).toEqual(all.map((m) => m.name));
    expect(rows.map((r) => r.checksum)).toEqual(all.map((m) => m.checksum));
    for (const r of rows) {
      expect(r.finished_at).not.toBeNull();
      expect(r.applied_steps_count).toBe(1);
    }
    const tables = (await c.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)).rows.map(
      (r) => r.table_name,
    );
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'api_tokens', 'team_members', 'clients', 'contacts', 'events', 'services', 'slides', 'rate_limits']),
    );
    const schemaBefore = (
      await c.query(`SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema='public' ORDER BY 1,2`)
    ).rows;

    const again = await migrate(url.toString(), dir);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toEqual(all.map((m) => m.name));
    const schemaAfter = (
      await c.query(`SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema='public' ORDER BY 1,2`)
    ).rows;
    expect(schemaAfter).toEqual(schemaBefore);
    expect((await c.query('SELECT count(*)::int AS n FROM "_prisma_migrations"')).rows[0].n).toBe(all.length);
    await c.end();
  });

  it('drops the sign-up notices of the old kind still waiting (they carried the applicant’s chosen name), nothing else', async () => {
    const dir = path.resolve('prisma/migrations');
    const all = await listMigrations(dir);
    const before = all.findIndex((m) => m.name.endsWith('_unsent_registration_mails'));
    expect(before).toBeGreaterThan(0);
    // The database as it was before that migration, with mails of both kinds in its outbox.
    const earlier = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      for (const m of all.slice(0, before)) cpSync(path.join(dir, m.name), path.join(earlier, m.name), { recursive: true });
      await migrate(oldUrl.toString(), earlier);
    } finally {
      rmSync(earlier, { recursive: true, force: true });
    }
    const c = new pg.Client({ connectionString: oldUrl.toString() });
    await c.connect();
    const insert = (key: string, kind: string, sent: boolean) =>
      c.query(`INSERT INTO mail_outbox (dedupe_key, kind, "to", subject, text, html, sent_at) VALUES ($1, $2, $3, 's', 't', 'h', $4)`, [
        key,
        kind,
        ['admin@example.test'],
        sent ? new Date() : null,
      ]);
    await insert('registration:1', 'registration', false);
    await insert('registration:2', 'registration', true);
    await insert('registrations:2026-11-27T00:00:00.000Z', 'registrations', false);
    await insert('inquiry:1', 'inquiry', false);
    expect((await migrate(oldUrl.toString(), dir)).applied).toEqual(all.slice(before).map((m) => m.name));
    const left = (await c.query('SELECT dedupe_key FROM mail_outbox ORDER BY dedupe_key')).rows.map((r) => r.dedupe_key);
    expect(left).toEqual(['inquiry:1', 'registration:2', 'registrations:2026-11-27T00:00:00.000Z']);
    await c.end();
  });
});
