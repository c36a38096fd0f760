import pg from 'pg';

// The HTTP server's own connection (one), for what it serves and counts before Next: the
// redirects (server/redirects.ts) and the 404 monitor (server/not-found.ts). Next's pool is the
// app's (lib/db/client.ts), in another module graph of this process; sharing it would mean a
// process global as a channel. On the embedded database this is one more of the socket's
// connections (lib/db/embedded.ts). A fault is its callers' to survive: they keep what they hold
// and try again on their next round.

/** How long a connection or a query may take before this round gives up (the next one tries again). */
const TIMEOUT_MS = 3_000;

export function serverPool(url: string | undefined): pg.Pool | undefined {
  if (!url) return undefined;
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: TIMEOUT_MS,
    query_timeout: TIMEOUT_MS,
    idleTimeoutMillis: 0,
  });
  // A dropped idle connection is replaced on the next query; its error is not this process's end.
  pool.on('error', () => {});
  return pool;
}

/** Logs a fault once per outage (a round four times a second would bury the log), and its end. */
export function faultReporter(label: string, log: (message: string, error?: unknown) => void) {
  let failing = false;
  return {
    failed(error: unknown) {
      if (!failing) log(`[${label}] database unreachable; keeping what is held, trying again`, error);
      failing = true;
    },
    succeeded() {
      if (failing) log(`[${label}] database reachable again`);
      failing = false;
    },
  };
}
