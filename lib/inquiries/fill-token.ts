import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MIN_FILL_MS } from './constants';

// The minimum fill time of the quote form, measured from a time the server signed.
//
// /ContactUs is a cached page, the same for everyone: a time written into its HTML is the time the
// cached copy was rendered, often minutes old, so a bot posting at once would pass any check on
// it. The clock therefore starts when the server hands a visitor a token: with scripts the form
// asks for one (`startQuote`) when it is first focused; a post without one (no scripts, or the
// token request failed) is not stored but answered with the form, the values kept and a fresh
// token in it, asking to check the request and send it again. Either way a request is stored
// only when at least MIN_FILL_MS passed between the token's issue and the post, and a token is
// only good for MAX_AGE_MS (then a fresh one is handed out the same way).
//
// A token is also good for one stored request only, and only from the client address it was
// handed to (the rate limit's address, lib/auth/client-address.ts): the address is part of what
// is signed, and spending is recorded in PostgreSQL (spendFillToken), which every instance shares.
// A probe once stored 51 requests from 11 addresses with one token.

export const MAX_AGE_MS = 24 * 60 * 60 * 1000;

// `npm start` always provides AUTH_SECRET (shared by every instance); a bare `next start` without
// it still works on one instance with a per-process key.
const processKey = randomBytes(32).toString('base64url');
const key = () => process.env.AUTH_SECRET || processKey;

const mac = (issuedAt: number, nonce: string, address: string) =>
  createHmac('sha256', key()).update(`quote-started:${issuedAt}:${nonce}:${address}`).digest('base64url');

/** "<issued at, ms>.<random id>.<signature>": the id tells one token from another issued in the same millisecond. */
export const FILL_TOKEN_PATTERN = /^(\d{13})\.([\w-]{22})\.([\w-]{43})$/;

export function issueFillToken(address: string, now = Date.now()): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${now}.${nonce}.${mac(now, nonce, address)}`;
}

export type FillCheck = 'ok' | 'tooFast' | 'missing';

/** 'missing' covers absent, forged, expired tokens and tokens given to another address: each gets a fresh one with the form. */
export function checkFillToken(token: unknown, address: string, now = Date.now()): FillCheck {
  if (typeof token !== 'string' || token.length > 100) return 'missing';
  const match = FILL_TOKEN_PATTERN.exec(token);
  if (!match) return 'missing';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(mac(issuedAt, match[2]!, address));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'missing';
  const age = now - issuedAt;
  if (age < 0 || age > MAX_AGE_MS) return 'missing';
  return age < MIN_FILL_MS ? 'tooFast' : 'ok';
}

/**
 * The key under which a checked token's use is recorded, and for how long it must be kept: until
 * the token expires anyway (then checkFillToken refuses it and the row is swept like any other).
 */
export function fillTokenUse(token: string, now = Date.now()): { key: string; seconds: number } {
  const issuedAt = Number(token.slice(0, 13));
  return { key: `fill-token:${token}`, seconds: Math.max(1, Math.ceil((issuedAt + MAX_AGE_MS - now) / 1000) + 1) };
}
