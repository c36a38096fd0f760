// Next's documented start hook (runs once when a server process starts).
export async function register() {
  // The sweeper needs Node (file system, database); the build has no database to compare with.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !process.env.DATABASE_URL) return;
  const { PHASE_PRODUCTION_BUILD } = await import('next/constants');
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  const { startOrphanSweeps } = await import('@/lib/uploads/sweeper');
  startOrphanSweeps();
}
