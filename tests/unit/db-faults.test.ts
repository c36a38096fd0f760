import net from 'node:net';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDbFault, isUnavailable } from '@/lib/db/faults';
import { AppError } from '@/lib/errors';
import { PrismaClient } from '@/lib/generated/prisma/client';

// The one mapper from "the database cannot be reached" to a 503 (lib/db/faults.ts), checked on
// the errors Prisma and node-postgres really throw for a port nobody listens on, and on the
// errors that must stay what they are.

/** A port of ours (3111-3119) with nothing listening on 127.0.0.1. */
async function closedPort(): Promise<number> {
  for (let port = 3111; port <= 3119; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3111-3119');
}

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('isDbFault', () => {
  it('recognises what Prisma (adapter-pg) and pg throw when PostgreSQL is unreachable', async () => {
    const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/x`;
    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1, connectionTimeoutMillis: 1_000 }) });
    try {
      const query = await thrown(() => db.user.findFirst());
      expect((query as { code?: string }).code).toBe('P1001');
      expect(isDbFault(query)).toBe(true);
      const raw = await thrown(() => db.$executeRaw`SELECT 1`);
      expect(isDbFault(raw)).toBe(true);
      const transaction = await thrown(() => db.$transaction(async (tx) => tx.user.count()));
      expect(isDbFault(transaction)).toBe(true);
    } finally {
      await db.$disconnect();
    }
    const client = new pg.Client({ connectionString: url });
    const direct = await thrown(() => client.connect());
    expect((direct as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDbFault(direct)).toBe(true);
  });

  it('recognises a server shutting down, a pool timeout and a wrapped cause', () => {
    expect(isDbFault({ code: '57P01', message: 'terminating connection due to administrator command' })).toBe(true);
    expect(isDbFault({ code: '57P03', message: 'the database system is starting up' })).toBe(true);
    expect(isDbFault({ code: '08006' })).toBe(true);
    expect(isDbFault({ code: 'P2024', message: 'Timed out fetching a new connection from the connection pool.' })).toBe(true);
    expect(isDbFault(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDbFault({ name: 'CallbackRouteError', cause: { err: { code: 'ECONNRESET' } } })).toBe(true);
    expect(isDbFault({ meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01' } } } })).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isDbFault({ code: 'P2002', meta: { target: ['email'] } })).toBe(false);
    expect(isDbFault({ code: 'P2025' })).toBe(false);
    expect(isDbFault({ meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation' } } } })).toBe(false);
    expect(isDbFault({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe(false);
    expect(isDbFault(new AppError(422, 'invalid'))).toBe(false);
    expect(isDbFault(new Error('boom'))).toBe(false);
    expect(isDbFault(null)).toBe(false);
    expect(isDbFault('ECONNREFUSED')).toBe(false);
  });

  it('isUnavailable: a fault, or one already mapped to 503 "unavailable"', () => {
    expect(isUnavailable(new AppError(503, 'unavailable'))).toBe(true);
    expect(isUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isUnavailable(new AppError(401, 'invalidCredentials'))).toBe(false);
  });
});
