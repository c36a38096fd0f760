import { createHash } from 'node:crypto';
import { db } from '@/lib/db/client';

// Fixed-window counters kept in PostgreSQL, so every instance behind a load balancer shares them.
// Keys are stored as their SHA-256: a key holds an email or an address a client chose, and an
// over-long one must neither overflow the index nor be readable in the table.

const stored = (key: string) => createHash('sha256').update(key).digest('base64url');

export async function hit(key: string, windowSeconds: number): Promise<number> {
  return (await take(key, windowSeconds)).count;
}

/** `hit`, and how long until this window ends (a refusal's Retry-After). */
export async function take(key: string, windowSeconds: number): Promise<{ count: number; retryAfterSeconds: number }> {
  const rows = await db.$queryRaw<{ count: number; retryAfterSeconds: number }[]>`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${stored(key)}, 1, now() + make_interval(secs => ${windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN EXCLUDED.reset_at ELSE rate_limits.reset_at END
    RETURNING count, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (reset_at - now()))))::int AS "retryAfterSeconds"`;
  sweepSometimes();
  return rows[0] ?? { count: 1, retryAfterSeconds: windowSeconds };
}

export async function peek(key: string): Promise<number> {
  const rows = await db.$queryRaw<{ count: number }[]>`
    SELECT count FROM rate_limits WHERE key = ${stored(key)} AND reset_at > now()`;
  return rows[0]?.count ?? 0;
}

export async function reset(key: string) {
  await db.rateLimit.deleteMany({ where: { key: stored(key) } });
}

/** Gives back one count of the current window (an attempt that turned out not to be a failure). */
export async function refund(key: string) {
  await db.$executeRaw`
    UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${stored(key)} AND reset_at > now()`;
}

/** Marks `key` as present for `seconds` from now (a fresh mark replaces an older one). `peek` > 0 while it lasts. */
export async function remember(key: string, seconds: number) {
  await db.$executeRaw`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${stored(key)}, 1, now() + make_interval(secs => ${seconds}))
    ON CONFLICT (key) DO UPDATE SET count = 1, reset_at = EXCLUDED.reset_at`;
}

// Expired rows are dead weight (a key per address and account tried); about one hit in a hundred
// clears a bounded batch of them, so no separate job is needed and no single hit waits long.
function sweepSometimes() {
  if (Math.random() >= 0.01) return;
  db.$executeRaw`
    DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE reset_at < now() LIMIT 500)`.catch((error: unknown) =>
    console.error('[rate-limit] sweep failed', error),
  );
}
