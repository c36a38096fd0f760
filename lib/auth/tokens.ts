import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { db } from '@/lib/db/client';
import { config } from '@/lib/config';
import { parseId } from '@/lib/entities/ids';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type TokenKind = 'api' | 'session';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Laravel Sanctum's format: `{id}|{40 random chars}{crc32b of them}`. Only sha256(secret) is stored. */
export function makeSecret(): string {
  let entropy = '';
  for (let i = 0; i < 40; i++) entropy += ALPHABET[randomInt(ALPHABET.length)];
  return entropy + (crc32(entropy) >>> 0).toString(16).padStart(8, '0');
}

export async function issueToken(userId: number, kind: TokenKind = 'api'): Promise<string> {
  const secret = makeSecret();
  const minutes = config.tokenExpiryMinutes;
  const row = await db.apiToken.create({
    data: {
      userId,
      kind,
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

export async function revokeAllTokens(userId: number) {
  await db.apiToken.deleteMany({ where: { userId } });
}

export async function touchToken(id: number) {
  await db.apiToken.updateMany({ where: { id }, data: { lastUsedAt: new Date() } });
}
