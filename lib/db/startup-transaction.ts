/**
 * The interactive-transaction limits of every start-up write (issue 35, item 5). Prisma's default
 * is 5 s to run and 2 s to get a connection: on a loaded machine the demo seed took 5.8 s and the
 * first start failed with "expired transaction". The seed stays one transaction (its idempotence is
 * "an empty database gets all of it": small transactions could leave half a demo that the next start
 * sees as not empty and never completes), so it gets a bound sized for the slowest machine
 * instead: it only exists to end a transaction that hangs, and a start-up has no user waiting on it.
 */
export const STARTUP_TRANSACTION = { timeout: 10 * 60_000, maxWait: 2 * 60_000 } as const;
