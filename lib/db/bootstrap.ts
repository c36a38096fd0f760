import pg from 'pg';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { ensureAdmin } from '@/lib/entities/user';
import { createSetupLink } from '@/lib/entities/user/setup';
import { seedIfEmpty } from './seed';

// The start-up writes of `npm start` (demo seed, Admin from ADMIN_EMAIL/ADMIN_PASSWORD), made safe
// for several instances starting at once against one database: each instance runs them while it
// holds a PostgreSQL advisory lock, so the second one finds the first one's work done. Migrations
// have their own lock (lib/db/migrate.ts) and run before this.

type Log = (line: string) => void;

/** Advisory lock key held during the start-up writes (any constant no other lock uses). */
export const STARTUP_LOCK_KEY = '7057864100';

export interface StartupAdmin {
  email: string;
  password: string;
  name?: string;
}

export interface StartupResult {
  seeded: boolean;
  /** How long the demo seed (or finding it not needed) took. */
  seedMs: number;
  admin: string | null;
  /** With no Admin and no start-up Admin: the one-time link that makes the first one (lib/entities/user/setup.ts). */
  setup: { url: string; lifetime: string } | null;
}

/**
 * Runs `work` while holding the start-up lock. A session lock on a connection of its own, not a
 * transaction: the seed copies images and writes in its own transaction, which can take longer
 * than an interactive transaction may stay open. The lock goes with the connection, so an
 * instance that dies mid-way never leaves it taken.
 */
export async function withStartupLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/** Seeds an empty database and creates or promotes the start-up Admin; call it under withStartupLock. */
export async function startupWrites(db: PrismaClient, admin: StartupAdmin | null, log: Log = () => {}): Promise<StartupResult> {
  const started = performance.now();
  const seeded = await seedIfEmpty(db, log);
  const seedMs = performance.now() - started;
  if (!admin) return { seeded, seedMs, admin: null, setup: await createSetupLink(db) };
  const user = await ensureAdmin(admin.email, admin.password, admin.name);
  return { seeded, seedMs, admin: user.email, setup: null };
}
