import { db } from '@/lib/db/client';

// Fixed-window counters kept in PostgreSQL, so every instance behind a load balancer shares them.
export async function hit(key: string, windowSeconds: number): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING count`;
  return rows[0]?.count ?? 1;
}

export async function peek(key: string): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    SELECT count FROM rate_limits WHERE key = ${key} AND reset_at > now()`;
  return rows[0]?.count ?? 0;
}

export async function reset(key: string) {
  await db.rateLimit.deleteMany({ where: { key } });
}
