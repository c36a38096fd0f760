import 'server-only';
import { tooManySignUps } from '@/lib/errors';
import { refund, take } from '@/lib/auth/rate-limit';

// How many sign-ups the site takes (docs/accounts.md, "Sign-up limits and the Admins' digest"). Each one costs
// an argon2 hash and tells the Admins, so a flood from one address, or from many, is bounded in
// `rate_limits` (PostgreSQL: every instance counts on the same rows). Checked before the e-mail is
// looked up and before the hash: a refused sign-up costs two small writes and stores nothing.

/** Sign-ups one client address may try per window (an office behind one NAT address included). */
export const SIGNUP_MAX_PER_ADDRESS = 5;
/** Sign-ups from all addresses together per window: staff accounts come a few a year. */
export const SIGNUP_MAX_OVERALL = 20;
export const SIGNUP_WINDOW_SECONDS = 60 * 60;

export const signupKeys = (address: string) => ({ address: `signup:ip:${address}`, overall: 'signup:all' });

/**
 * Counts a sign-up from `address` (from `clientAddress`: the socket's or the trusted proxy's);
 * throws 429 `tooManySignUps` with the seconds until its window ends when a budget is spent. The
 * address is checked first, so an address over its own limit spends nothing of the shared budget.
 */
export async function admitSignup(address: string): Promise<void> {
  const keys = signupKeys(address);
  const mine = await take(keys.address, SIGNUP_WINDOW_SECONDS);
  if (mine.count > SIGNUP_MAX_PER_ADDRESS) throw tooManySignUps(mine.retryAfterSeconds);
  const all = await take(keys.overall, SIGNUP_WINDOW_SECONDS);
  if (all.count > SIGNUP_MAX_OVERALL) throw tooManySignUps(all.retryAfterSeconds);
}

/** Gives the sign-up's counts back: it failed on our side (the database), not the visitor's. */
export async function refundSignup(address: string): Promise<void> {
  const keys = signupKeys(address);
  await Promise.all([refund(keys.address), refund(keys.overall)]);
}
