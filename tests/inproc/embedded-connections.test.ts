import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from '@/lib/db/embedded';

// The embedded database is one Postgres session behind a socket server. node-postgres (and
// Prisma's adapter on it) sends each parameterised query as Parse/Bind/Describe/Execute/Sync with
// the unnamed statement; a simple query (no parameters) discards that statement. Connections whose
// messages interleave would bind another connection's statement: an error ("unnamed prepared
// statement does not exist", seen in CI while a backup ran beside a writer) or, worse, another
// connection's rows. The socket server must keep one connection's batch whole, up to its Sync.
const ROUNDS = 150;

describe('the embedded database shared by several connections', () => {
  let dir = '';
  let database: Awaited<ReturnType<typeof startEmbeddedDatabase>>;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'emb-conn-'));
    database = await startEmbeddedDatabase(dir);
  }, 60_000);

  afterAll(async () => {
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers every connection with its own rows while four of them query at once', async () => {
    const clients = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        return client;
      }),
    );
    const wrong: string[] = [];
    const errors: string[] = [];
    // The process holding the database queries it directly too (a backup's facts and copy):
    // while it does, the socket's messages wait, and several connections' batches queue up.
    let direct = true;
    const holder = (async () => {
      for (let i = 0; direct && i < 10_000; i++) await database.pglite.query('SELECT count(*) FROM pg_class');
    })();
    try {
      await Promise.all(
        clients.map(async (client, k) => {
          for (let i = 0; i < ROUNDS; i++) {
            try {
              if (k === 3) {
                // Simple queries: each drops the session's unnamed statement.
                const { rows } = await client.query<{ n: number }>(`SELECT ${i} AS n`);
                if (rows[0]?.n !== i) wrong.push(`simple ${i}: ${JSON.stringify(rows)}`);
              } else {
                // A statement shape of this connection's own, so a borrowed one shows; a text
                // longer than a socket read, so one batch arrives in several pieces (as a
                // large write does), which is when another connection's messages slip between.
                const text = 'x'.repeat(100_000 + i);
                const { rows } = await client.query<{ k: number; n: number }>(`SELECT ${k}::int AS k, length($1::text) * ${k + 2} AS n`, [
                  text,
                ]);
                if (rows.length !== 1 || rows[0]!.k !== k || rows[0]!.n !== text.length * (k + 2))
                  wrong.push(`client ${k} round ${i}: ${JSON.stringify(rows)}`);
              }
            } catch (error) {
              errors.push(`client ${k} round ${i}: ${(error as Error).message}`);
            }
          }
        }),
      );
    } finally {
      direct = false;
      await holder;
      await Promise.all(clients.map((client) => client.end()));
    }
    expect(errors.slice(0, 3)).toEqual([]);
    expect(wrong.slice(0, 3)).toEqual([]);
  }, 120_000);
});
