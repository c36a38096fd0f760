import 'server-only';
import { sharedContentVersion } from '@/lib/cache';
import { closeDb, db } from '@/lib/db/client';
import { uploads } from '@/lib/uploads/store';

// What GET /readyz checks (scripts/serve.mjs answers it): the database, the uploads store, and
// Redis when several instances share it (REDIS_URL). instrumentation.ts hands `readiness` and
// `closeConnections` to the HTTP server, which has no TypeScript loader of its own.

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
  // Several instances share their content version through Redis (lib/server/content-version.mjs).
  ...(process.env.REDIS_URL
    ? ([
        [
          'redis',
          async () => {
            const version = sharedContentVersion();
            if (!version?.configured) throw new Error('no shared content version in this process');
            await version.ready();
          },
        ],
      ] as [string, ReadinessCheck][])
    : []),
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

/** Closes the database pool (shutdown, after the last request has been answered). */
export const closeConnections = closeDb;
