// Next's documented start hook (runs once when a server process starts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { PHASE_PRODUCTION_BUILD } = await import('next/constants');
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  // The sweeper and the mail worker need Node and a database; the build has none.
  if (!process.env.DATABASE_URL) return;
  const { startOrphanSweeps } = await import('@/lib/uploads/sweeper');
  startOrphanSweeps();
  // Mail (issue 19): sends what the outbox holds; SMTP down is logged, never a readiness failure.
  const { startMailWorker } = await import('@/lib/mail/outbox');
  const { resolveResetRequests } = await import('@/lib/entities/user/account');
  startMailWorker({ beforePass: resolveResetRequests });
  // Backups (issue 33): on PostgreSQL every server runs the schedule (one run per slot across
  // instances); the embedded database's runner lives in the process holding it (scripts/start.ts).
  if (!process.env.EMBEDDED_DATABASE) {
    const { startBackupRunner } = await import('@/lib/backups/runner');
    const runner = startBackupRunner({ kind: 'postgresql', url: process.env.DATABASE_URL });
    // Its first queries before the first request (bounded: a database that is down must not hold the start).
    await Promise.race([runner.ready, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    const stop = () => void runner.stop();
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  }
}
