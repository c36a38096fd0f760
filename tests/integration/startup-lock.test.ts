import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { STARTUP_LOCK_KEY } from '@/lib/db/bootstrap';

// Several instances run `npm start` against one database at the same time: the seed and the Admin
// bootstrap must happen once. Each "instance" here is a process of its own running the start-up
// writes exactly as scripts/start.ts does (tests/helpers/startup-cli.ts), on a fresh database.

const adminUrl = new URL(process.env.DATABASE_URL!);
const created: string[] = [];
const folders: string[] = [];

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

async function freshDatabase() {
  const name = `startup_${process.pid}_${Date.now()}_${created.length}`;
  await sql(adminUrl.toString(), `CREATE DATABASE "${name}"`);
  created.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString(), path.resolve('prisma/migrations'));
  const uploads = mkdtempSync(path.join(os.tmpdir(), 'startup-uploads-'));
  folders.push(uploads);
  return { url: url.toString(), uploads };
}

interface Instance {
  done: Promise<{ code: number | null; output: string }>;
  running(): boolean;
}

function startInstance(url: string, uploads: string): Instance {
  const child = spawn('npx', ['tsx', '--conditions=react-server', 'tests/helpers/startup-cli.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      UPLOADS_DIR: uploads,
      ADMIN_EMAIL: 'Boss@Example.test',
      ADMIN_PASSWORD: 'a long start-up password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const done = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('exit', (code) => {
      exited = true;
      resolve({ code, output });
    }),
  );
  return { done, running: () => !exited };
}

const resultOf = (output: string) => JSON.parse(output.trim().split('\n').at(-1)!) as { seeded: boolean; admin: string };

async function counts(url: string) {
  const [row] = await sql<Record<string, number>>(
    url,
    `SELECT (SELECT count(*)::int FROM slides) AS slides, (SELECT count(*)::int FROM clients) AS clients,
            (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM services) AS services,
            (SELECT count(*)::int FROM team_members) AS team, (SELECT count(*)::int FROM contacts) AS contacts,
            (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM users WHERE is_admin AND is_mini_admin) AS admins`,
  );
  return row;
}

/** Files per uploads folder (a losing seeder's image copies would show up here as extras). */
function files(uploads: string) {
  const found: Record<string, number> = {};
  for (const folder of readdirSync(uploads)) found[folder] = readdirSync(path.join(uploads, folder)).length;
  return found;
}

// The demo company once, and one Admin.
const ONCE = { slides: 4, clients: 6, events: 8, services: 6, team: 6, contacts: 1, users: 1, admins: 1 };
// Issue 37: the demo's certification badges too (its testimonials have no photo).
const FILES_ONCE = { slides: 4, clients: 6, events: 8, services: 6, team: 6, contacts: 1, certifications: 3 };

beforeAll(async () => {
  // The column names the counts use, checked once so a typo fails loudly rather than counting 0.
  const columns = await sql<{ column_name: string }>(
    process.env.DATABASE_URL!,
    `SELECT column_name FROM information_schema.columns WHERE table_name = 'users'`,
  );
  expect(columns.map((c) => c.column_name)).toEqual(expect.arrayContaining(['is_admin', 'is_mini_admin']));
});

afterAll(async () => {
  for (const name of created) await sql(adminUrl.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('start-up writes on several instances at once', () => {
  it('two instances starting together seed once and create the Admin once', async () => {
    const { url, uploads } = await freshDatabase();
    const [a, b] = await Promise.all([startInstance(url, uploads).done, startInstance(url, uploads).done]);
    expect([a.code, b.code], a.output + b.output).toEqual([0, 0]);
    const results = [resultOf(a.output), resultOf(b.output)];
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(results.map((r) => r.admin)).toEqual(['boss@example.test', 'boss@example.test']);
    expect(await counts(url)).toEqual(ONCE);
    expect(files(uploads)).toEqual(FILES_ONCE);
  }, 60_000);

  it('an instance waits while another holds the start-up lock, then finds its work done', async () => {
    const { url, uploads } = await freshDatabase();
    // Stand in for an instance that is in the middle of its start-up writes.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    const waiting = startInstance(url, uploads);
    try {
      // Wait (bounded) until the instance is queued on the lock, then give it time it would use.
      const queued = () =>
        sql<{ n: number }>(url, `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).then((r) => r[0]!.n);
      const deadline = Date.now() + 30_000;
      while ((await queued()) === 0 && Date.now() < deadline && waiting.running()) await new Promise((r) => setTimeout(r, 100));
      expect(await queued()).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(waiting.running()).toBe(true);
      expect(await counts(url)).toEqual({ slides: 0, clients: 0, events: 0, services: 0, team: 0, contacts: 0, users: 0, admins: 0 });
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
      await holder.end();
    }
    const result = await waiting.done;
    expect(result.code, result.output).toBe(0);
    expect(resultOf(result.output)).toEqual({ seeded: true, admin: 'boss@example.test' });
    expect(await counts(url)).toEqual(ONCE);
    expect(files(uploads)).toEqual(FILES_ONCE);
  }, 60_000);
});
