import 'server-only';
import { createClient } from 'redis';
import { db } from '@/lib/db/client';
import { uploads } from '@/lib/uploads/store';

// What GET /readyz checks (app/readyz/route.ts; server/main.ts answers 503 itself while stopping):
// the database, the uploads store and, with REDIS_URL, the Redis that several instances share
// their `'use cache'` entries and tag expiries through (server/use-cache-handler.ts).

export type ReadinessCheck = () => Promise<void>;

/** Per check: a load balancer polls every few seconds, and a hung check must not hold it. */
const CHECK_TIMEOUT_MS = 2_000;

const CHECKS: [string, ReadinessCheck][] = [
  [
    'database',
    async () => {
      await db.$queryRaw`SELECT 1`;
    },
  ],
  ['storage', () => uploads.ready()],
  ...(process.env.REDIS_URL ? [['redis', () => pingRedis(process.env.REDIS_URL!)] as [string, ReadinessCheck]] : []),
];

/** A connection of its own, closed at once: what the handler's client would need to be ready. */
async function pingRedis(url: string) {
  const client = createClient({ url, socket: { connectTimeout: CHECK_TIMEOUT_MS, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.destroy();
  }
}

function withTimeout(check: ReadinessCheck): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

export interface FailedCheck {
  name: string;
  reason: string;
}

/** The checks that failed (none: ready), all run at once. */
export async function readiness(): Promise<FailedCheck[]> {
  const checks = CHECKS;
  const results = await Promise.allSettled(checks.map(([, check]) => withTimeout(check)));
  const failed: FailedCheck[] = [];
  results.forEach((result, i) => {
    if (result.status === 'rejected') failed.push({ name: checks[i]![0], reason: String(result.reason?.message ?? result.reason) });
  });
  return failed;
}
