import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import type { DbClient } from '@/lib/db/types';

// One-time links sent by mail or handed over by an Admin (docs/accounts.md, "Staff accounts"):
// 32 random bytes in the URL, only their SHA-256 in `account_links`. A link is used by the one
// UPDATE that also checks it is unused and unexpired, so it works exactly once even when two tabs
// (or a mail scanner and the person) open it together.

// 'second-step' is not a link but the same kind of one-time token: the right password of an
// account with two-factor sign-in, waiting for its code (an HttpOnly cookie holds the token).
// 'setup' is the first start's link (lib/entities/user/setup.ts): printed in the log while the site
// has no Admin, it makes the first one.
export type LinkPurpose = 'reset' | 'invite' | 'second-step' | 'setup';

/**
 * The set-up link's lifetime: 60 minutes, long enough to read the log and open it, short enough
 * that a log read later (or leaked) is no way in. SETUP_LINK_MINUTES overrides it (the tests'
 * expired link); every start while there is no Admin prints a fresh one.
 */
export const SETUP_LINK_MINUTES = 60;
const setupLifetimeMs = () => {
  const minutes = Number(process.env.SETUP_LINK_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : SETUP_LINK_MINUTES) * 60_000;
};

/**
 * How long a link stays good: a reset is for now (1 hour); an invitation waits for someone to read
 * their mail (7 days); a password waits for its two-factor code 5 minutes.
 */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  reset: 60 * 60_000,
  invite: 7 * 24 * 60 * 60_000,
  'second-step': 5 * 60_000,
  get setup() {
    return setupLifetimeMs();
  },
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** base64url of 32 bytes: 43 characters. Anything else is not one of ours and looks nothing up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const isLinkToken = (value: unknown): value is string => typeof value === 'string' && TOKEN_SHAPE.test(value);

export async function createLink(
  tx: DbClient,
  link: { purpose: LinkPurpose; email: string; userId?: number; role?: string; createdBy?: number },
): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS[link.purpose]);
  const row = await tx.accountLink.create({
    data: {
      purpose: link.purpose,
      email: link.email,
      userId: link.userId ?? null,
      role: link.role ?? null,
      createdBy: link.createdBy ?? null,
      tokenHash: sha256(token),
      expiresAt,
    },
  });
  return { id: row.id, token, expiresAt };
}

/** The link behind `token` while it can still be used (for showing its form), else null. */
export async function findLink(tx: DbClient, token: unknown, purpose: LinkPurpose) {
  if (!isLinkToken(token)) return null;
  const row = await tx.accountLink.findUnique({ where: { tokenHash: sha256(token) } });
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

/** Uses the link inside `tx`: the row when this call used it, null when it was not usable (or someone else just used it). */
export async function useLink(tx: DbClient, token: unknown, purpose: LinkPurpose) {
  if (!isLinkToken(token)) return null;
  const now = new Date();
  const used = await tx.accountLink.updateMany({
    where: { tokenHash: sha256(token), purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (used.count !== 1) return null;
  return tx.accountLink.findUnique({ where: { tokenHash: sha256(token) } });
}

/**
 * Links (used or not) past their expiry by this long are removed by the periodic sweep: nothing
 * can use them, and the Users screen no longer shows an expired invitation after that.
 */
export const EXPIRED_LINK_KEEP_DAYS = 30;

/** Removes links expired more than EXPIRED_LINK_KEEP_DAYS ago, at most 1000 a run (the sweep runs again). */
export async function purgeExpiredLinks(client: DbClient): Promise<number> {
  return client.$executeRaw`
    DELETE FROM account_links WHERE id IN (
      SELECT id FROM account_links WHERE expires_at < now() - make_interval(days => ${EXPIRED_LINK_KEEP_DAYS}) LIMIT 1000)`;
}
