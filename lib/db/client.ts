import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config } from '@/lib/config';

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

// node-postgres waits for a connection forever by default: with the database host unreachable
// (not refusing, just silent) every request would hang instead of answering 503 (lib/db/faults.ts).
const CONNECT_TIMEOUT_MS = 5_000;

function client(): PrismaClient {
  if (globalForPrisma.prisma) return globalForPrisma.prisma;
  const connectionString = config.databaseUrl;
  if (!connectionString) throw new Error('DATABASE_URL is not set (npm start sets it for the embedded database).');
  // One pool per process (dev hot reload would otherwise open one per edit).
  globalForPrisma.prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString, max: config.dbPoolMax, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
  });
  return globalForPrisma.prisma;
}

// Created on first use, so importing a module never needs a database (`next build` has none).
export const db = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const value = Reflect.get(client(), property);
    return typeof value === 'function' ? value.bind(client()) : value;
  },
});

/** Closes the pool if one was opened (the server's shutdown, after its last answer). */
export async function closeDb(): Promise<void> {
  await globalForPrisma.prisma?.$disconnect();
}
