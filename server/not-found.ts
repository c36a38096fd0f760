import type pg from 'pg';
import { countsAsNotFound, NOT_FOUND_LIMITS } from '@/lib/redirects/rules';
import { faultReporter } from './database';

// The 404 monitor (issue 37, docs/redirects.md): the pages that answered 404 to a person, counted
// by the HTTP server (server/main.ts) and written in batches. Bounded at every step, so a flood
// of random paths costs a fixed amount: at most NOT_FOUND_LIMITS.bufferPaths distinct paths held
// between two writes (more are dropped and said in the log), and at most NOT_FOUND_LIMITS.rows rows
// kept, the most asked-for and the latest first, none older than keepDays. A path hit again
// climbs, so what people really ask for outlasts a flood of one-off paths.

export class NotFoundMonitor {
  private counts = new Map<string, { count: number; last: Date }>();
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly faults = faultReporter('404 monitor', (message, error) => this.log(message, error));

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  start(): void {
    this.timer = setTimeout(() => {
      void this.flush().finally(() => {
        if (!this.stopped) this.start();
      });
    }, NOT_FOUND_LIMITS.flushMs);
    this.timer.unref();
  }

  /** A page answered 404: counted when a person asked (not a crawler, not a probe for files). */
  record(pathname: string, userAgent: string | undefined): void {
    if (!countsAsNotFound(pathname, userAgent)) return;
    const held = this.counts.get(pathname);
    if (!held && this.counts.size >= NOT_FOUND_LIMITS.bufferPaths) {
      this.dropped += 1;
      return;
    }
    this.counts.set(pathname, { count: (held?.count ?? 0) + 1, last: new Date() });
  }

  /** Writes what was counted, then trims the table to its bounds. */
  async flush(): Promise<void> {
    if (this.dropped)
      this.log(
        `[404 monitor] ${this.dropped} 404s of further distinct paths were not counted (over ${NOT_FOUND_LIMITS.bufferPaths} in ${NOT_FOUND_LIMITS.flushMs} ms)`,
      );
    this.dropped = 0;
    if (!this.counts.size) return;
    // In one order on every instance, so two instances' writes of the same paths never deadlock.
    const batch = [...this.counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.counts = new Map();
    const client = await this.pool.connect().catch((error: unknown) => {
      this.faults.failed(error);
      return null;
    });
    if (!client) return this.giveBack(batch);
    try {
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO not_found_paths (path, hits, first_at, last_at)
         SELECT path, count, last, last FROM unnest($1::text[], $2::int[], $3::timestamptz[]) AS v(path, count, last)
         ON CONFLICT (path) DO UPDATE SET hits = not_found_paths.hits + EXCLUDED.hits, last_at = GREATEST(not_found_paths.last_at, EXCLUDED.last_at)`,
        [batch.map(([path]) => path), batch.map(([, hit]) => hit.count), batch.map(([, hit]) => hit.last)],
      );
      await client.query(
        `DELETE FROM not_found_paths WHERE last_at < now() - make_interval(days => ${NOT_FOUND_LIMITS.keepDays})
           OR path IN (SELECT path FROM not_found_paths ORDER BY hits DESC, last_at DESC OFFSET ${NOT_FOUND_LIMITS.rows})`,
      );
      await client.query('COMMIT');
      this.faults.succeeded();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      this.giveBack(batch);
      this.faults.failed(error);
    } finally {
      client.release();
    }
  }

  /** A failed write's counts, kept for the next one (still within the buffer's bound). */
  private giveBack(batch: [string, { count: number; last: Date }][]) {
    for (const [path, hit] of batch) {
      const now = this.counts.get(path);
      if (!now && this.counts.size >= NOT_FOUND_LIMITS.bufferPaths) continue;
      this.counts.set(path, { count: hit.count + (now?.count ?? 0), last: now?.last ?? hit.last });
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
