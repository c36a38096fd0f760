import type pg from 'pg';
import { location, pathKey, REDIRECT_LIMITS } from '@/lib/redirects/rules';
import { faultReporter } from './database';

// The redirects staff set (/Admin/Redirects), served by the HTTP server before the page and its
// kept copy (server/main.ts). Each instance holds the whole table (at most REDIRECT_LIMITS.rows)
// and asks four times a second whether it changed: a save is served by every instance within a
// second, with no channel but the database. Hits are counted in memory and added up in one
// statement a second; a fault keeps the table and the counts held and tries again.

interface Rule {
  id: number;
  to: string;
  status: number;
}

export class Redirects {
  private rules = new Map<string, Rule>();
  private stamp = '';
  private readonly hits = new Map<number, { count: number; last: Date }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;
  private readonly poll = faultReporter('redirects', (message, error) => this.log(message, error));
  private readonly flushes = faultReporter('redirect hits', (message, error) => this.log(message, error));

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (message: string, error?: unknown) => void,
  ) {}

  /** Loads the table, then keeps it current and the counts written, each round after the last one ended. */
  async start(): Promise<void> {
    await this.refresh();
    this.every(REDIRECT_LIMITS.pollMs, () => this.refresh());
    this.every(REDIRECT_LIMITS.hitFlushMs, () => this.flush());
  }

  private every(ms: number, task: () => Promise<void>) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void task().finally(() => {
        if (!this.stopped) this.every(ms, task);
      });
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** The answer to a GET or HEAD of `pathname` (query `query`), or null to serve the page. */
  match(pathname: string, query: string): { status: number; location: string } | null {
    if (!this.rules.size) return null;
    const key = pathKey(pathname);
    const rule = key === null ? undefined : this.rules.get(key);
    if (!rule) return null;
    const counted = this.hits.get(rule.id);
    this.hits.set(rule.id, { count: (counted?.count ?? 0) + 1, last: new Date() });
    return { status: rule.status, location: location(rule.to, query) };
  }

  private async refresh(): Promise<void> {
    try {
      // The table changed when its count or its latest write did (hits never move updated_at).
      const { rows } = await this.pool.query<{ stamp: string }>(
        `SELECT count(*) || '/' || coalesce(max(updated_at)::text, '') AS stamp FROM redirects`,
      );
      const stamp = rows[0]?.stamp ?? '';
      if (stamp !== this.stamp) {
        const table = await this.pool.query<{ id: number; from_key: string; to_url: string; status: number }>(
          `SELECT id, from_key, to_url, status FROM redirects ORDER BY id LIMIT ${REDIRECT_LIMITS.rows}`,
        );
        this.rules = new Map(table.rows.map((row) => [row.from_key, { id: row.id, to: row.to_url, status: row.status }]));
        this.stamp = stamp;
      }
      this.poll.succeeded();
    } catch (error) {
      this.poll.failed(error);
    }
  }

  /** Adds the counted hits to their rows (a row deleted meanwhile takes none). */
  async flush(): Promise<void> {
    if (!this.hits.size) return;
    const batch = [...this.hits];
    this.hits.clear();
    try {
      await this.pool.query(
        `UPDATE redirects r SET hits = r.hits + v.count, last_hit_at = GREATEST(r.last_hit_at, v.last)
         FROM unnest($1::int[], $2::int[], $3::timestamptz[]) AS v(id, count, last) WHERE r.id = v.id`,
        [batch.map(([id]) => id), batch.map(([, hit]) => hit.count), batch.map(([, hit]) => hit.last)],
      );
      this.flushes.succeeded();
    } catch (error) {
      // Given back, to be written with the next round's (bounded: one entry per redirect).
      for (const [id, hit] of batch) {
        const now = this.hits.get(id);
        this.hits.set(id, { count: hit.count + (now?.count ?? 0), last: now?.last ?? hit.last });
      }
      this.flushes.failed(error);
    }
  }

  /** No further rounds; what is counted is written by a last `flush`. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
  }
}
