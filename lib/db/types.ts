import type { Prisma } from '@/lib/generated/prisma/client';

/** The database, or the transaction a write runs in: what every reader and writer of lib/ takes. */
export type DbClient = Prisma.TransactionClient;
