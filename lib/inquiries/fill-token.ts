import 'server-only';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

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

export const MIN_FILL_MS = 3_000;
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;

// `npm start` always provides AUTH_SECRET (shared by every instance); a bare `next start` without
// it still works on one instance with a per-process key.
const processKey = randomBytes(32).toString('base64url');
const key = () => process.env.AUTH_SECRET || processKey;

const mac = (issuedAt: number) => createHmac('sha256', key()).update(`quote-started:${issuedAt}`).digest('base64url');

export function issueFillToken(now = Date.now()): string {
  return `${now}.${mac(now)}`;
}

export type FillCheck = 'ok' | 'tooFast' | 'missing';

/** 'missing' covers absent, forged and expired tokens: each gets a fresh one with the form. */
export function checkFillToken(token: unknown, now = Date.now()): FillCheck {
  if (typeof token !== 'string' || token.length > 100) return 'missing';
  const match = /^(\d{13})\.([\w-]{43})$/.exec(token);
  if (!match) return 'missing';
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(mac(issuedAt));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'missing';
  const age = now - issuedAt;
  if (age < 0 || age > MAX_AGE_MS) return 'missing';
  return age < MIN_FILL_MS ? 'tooFast' : 'ok';
}
