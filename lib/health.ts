import 'server-only';
import { db } from '@/lib/db/client';
import { uploads } from '@/lib/uploads/store';

// What GET /readyz checks (app/readyz/route.ts; server/main.ts answers 503 itself while stopping):
// the database and the uploads store. server/main.ts adds `redis` when several instances share
// their cache through it (REDIS_URL) and this instance's `'use cache'` handler cannot reach it.

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
];

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
