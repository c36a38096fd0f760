// Next's documented start hook (runs once when a server process starts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { PHASE_PRODUCTION_BUILD } = await import('next/constants');
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  // The HTTP server (scripts/serve.mjs, plain JavaScript) answers /readyz and closes the pools on
  // shutdown with these: the checks live in TypeScript with the database client and the store.
  const { closeConnections, readiness } = await import('@/lib/health');
  (globalThis as Record<symbol, unknown>)[Symbol.for('sevenstars.server-hooks')] = { closeConnections, readiness };
  // The sweeper needs Node (file system, database); the build has no database to compare with.
  if (!process.env.DATABASE_URL) return;
  const { startOrphanSweeps } = await import('@/lib/uploads/sweeper');
  startOrphanSweeps();
}
