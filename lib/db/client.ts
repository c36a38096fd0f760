import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config } from '@/lib/config';

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function createClient(): PrismaClient {
  const connectionString = config.databaseUrl;
  if (!connectionString) throw new Error('DATABASE_URL is not set (npm start sets it for the embedded database).');
  const adapter = new PrismaPg({ connectionString, max: config.dbPoolMax });
  return new PrismaClient({ adapter });
}

// One client per process; dev hot reload would otherwise open a pool per edit.
export const db: PrismaClient = globalForPrisma.prisma ?? createClient();
if (process.env.NODE_ENV !== 'production') globalForPrisma.prisma = db;
