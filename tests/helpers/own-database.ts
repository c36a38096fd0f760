import path from 'node:path';
import pg from 'pg';
import { migrate } from '@/lib/db/migrate';

// A database of a test file's own, beside the shared test database on the same server: for a test
// that changes what every other file relies on (a site-wide policy, a shared budget).

const adminUrl = () => new URL(process.env.DATABASE_URL!);

/** One statement on the server's administrative connection (CREATE / DROP DATABASE). */
export async function adminSql(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl().toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface OwnDatabase {
  /** Its connection URL, for the servers this file spawns and its own Prisma client. */
  url: string;
  /** Creates it and applies every migration. */
  create(): Promise<void>;
  drop(): Promise<void>;
}

export function ownDatabase(prefix: string): OwnDatabase {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const url = adminUrl();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async create() {
      await adminSql(`CREATE DATABASE "${name}"`);
      await migrate(url.toString(), path.resolve('prisma/migrations'));
    },
    drop: () => adminSql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
