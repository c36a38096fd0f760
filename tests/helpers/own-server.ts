import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll } from 'vitest';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { ownDatabase } from './own-database';
import { spawnServer, type SpawnedServer } from './spawn-server';

/**
 * A server and database of the calling test file's own, for checks that change what every other
 * file shares (the two-factor policy, who the last Admin is): made before the file's tests, gone
 * after them. `base()` is the server's address, `db()` a client on its database.
 */
export function ownServer(prefix: string) {
  const own = ownDatabase(prefix);
  let server: SpawnedServer | undefined;
  let db: PrismaClient | undefined;
  let uploads = '';
  beforeAll(async () => {
    await own.create();
    db = new PrismaClient({ adapter: new PrismaPg({ connectionString: own.url, max: 2 }) });
    uploads = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    server = await spawnServer({ DATABASE_URL: own.url, UPLOADS_DIR: uploads, LOG_LEVEL: 'warn' });
  }, 120_000);
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await db?.$disconnect();
    await own.drop();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });
  return { base: () => server!.base, db: () => db! };
}
