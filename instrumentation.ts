// Next's documented start hook (runs once when a server process starts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { PHASE_PRODUCTION_BUILD } = await import('next/constants');
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  // The HTTP server (scripts/serve.mjs, plain JavaScript) answers /readyz and closes the pools on
  // shutdown with these: the checks live in TypeScript with the database client and the store.
  const { closeConnections, readiness } = await import('@/lib/health');
  const { startMailWorker, stopMailWorker } = await import('@/lib/mail/outbox');
  // The mail worker's last marks ("sent") land before the pool closes: a mail accepted by SMTP
  // but not marked would be sent again by the next worker.
  const close = async () => {
    await stopMailWorker(1_000); // inside the shutdown budget (scripts/serve.mjs)
    await closeConnections();
  };
  (globalThis as Record<symbol, unknown>)[Symbol.for('sevenstars.server-hooks')] = { closeConnections: close, readiness };
  // The sweeper and the mail worker need Node and a database; the build has none.
  if (!process.env.DATABASE_URL) return;
  const { startOrphanSweeps } = await import('@/lib/uploads/sweeper');
  startOrphanSweeps();
  // Mail (issue 19): sends what the outbox holds; SMTP down is logged, never a readiness failure.
  startMailWorker();
}
