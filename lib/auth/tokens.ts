import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { db } from '@/lib/db/client';
import { config } from '@/lib/config';
import { parseId } from '@/lib/entities/ids';
import type { DbClient } from '@/lib/db/types';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type TokenKind = 'api' | 'session';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Laravel Sanctum's format: `{id}|{40 random chars}{crc32b of them}`. Only sha256(secret) is stored. */
export function makeSecret(): string {
  let entropy = '';
  for (let i = 0; i < 40; i++) entropy += ALPHABET[randomInt(ALPHABET.length)];
  return entropy + (crc32(entropy) >>> 0).toString(16).padStart(8, '0');
}

/** Where a token was opened: the client address and User-Agent, as the sessions list shows them. */
export interface TokenOrigin {
  address: string;
  userAgent: string | null;
}

/** A User-Agent is the client's to choose: kept to a length that is enough to name a browser. */
const USER_AGENT_MAX = 300;

export async function issueToken(userId: number, kind: TokenKind, origin: TokenOrigin, client: DbClient = db): Promise<string> {
  const secret = makeSecret();
  const minutes = config.tokenExpiryMinutes;
  const row = await client.apiToken.create({
    data: {
      userId,
      kind,
      address: origin.address.slice(0, 64),
      userAgent: (origin.userAgent ?? '').slice(0, USER_AGENT_MAX),
      tokenHash: sha256(secret),
      expiresAt: minutes > 0 ? new Date(Date.now() + minutes * 60_000) : null,
    },
  });
  return `${row.id}|${secret}`;
}

/** Returns the token row (with its user) when the plain token is valid, otherwise null. */
export async function findToken(plain: string | null | undefined, kind: TokenKind = 'api') {
  if (!plain) return null;
  const bar = plain.indexOf('|');
  if (bar < 1) return null;
  const id = parseId(plain.slice(0, bar));
  if (!id) return null;
  const row = await db.apiToken.findUnique({ where: { id }, include: { user: true } });
  if (!row || row.kind !== kind) return null;
  const expected = Buffer.from(row.tokenHash, 'hex');
  const actual = Buffer.from(sha256(plain.slice(bar + 1)), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

export async function revokeToken(id: number) {
  await db.apiToken.deleteMany({ where: { id } });
}

/** Ends every session and API token of the user, but `keepId` (the caller's own session) when given. */
export async function revokeAllTokens(userId: number, options: { keepId?: number; tx?: DbClient } = {}) {
  const client = options.tx ?? db;
  await client.apiToken.deleteMany({ where: { userId, ...(options.keepId ? { id: { not: options.keepId } } : {}) } });
}

/** How stale `last_used_at` may get: a coarse "last seen" is all it is for, so it costs a write at most this often. */
export const TOUCH_INTERVAL_MS = 5 * 60_000;

/**
 * Records that a token was used. The row is already loaded by findToken, so a token used within
 * the interval costs no query at all; otherwise one conditional UPDATE, whose WHERE makes
 * concurrent requests for the same token write at most once per interval between them.
 */
export async function touchToken(row: { id: number; lastUsedAt: Date | null }) {
  const now = Date.now();
  if (row.lastUsedAt && now - row.lastUsedAt.getTime() < TOUCH_INTERVAL_MS) return;
  const cutoff = new Date(now - TOUCH_INTERVAL_MS);
  await db.apiToken.updateMany({
    where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: cutoff } }] },
    data: { lastUsedAt: new Date(now) },
  });
}
