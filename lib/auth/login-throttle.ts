import 'server-only';
import { config } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { trustedDevice } from '@/lib/auth/device-cookie';
import { hit, peek, refund, remember, reset } from '@/lib/auth/rate-limit';

// Who may try a password for an account, and how often (docs/security.md, "Sign-in throttling").
//
//  - a browser whose device cookie names the account: its own budget (LOGIN_MAX_PER_TRUSTED_CLIENT
//    per window); a browser that fails that often is refused on its own, nobody else is;
//  - an address the account signed in from within LOGIN_TRUSTED_DAYS (the old /api client sends
//    no cookies; kept in PostgreSQL, so every instance knows it): its own budget, the same size;
//  - everyone else: one shared budget per account (LOGIN_MAX_PER_ACCOUNT per window), and each
//    address at most LOGIN_MAX_PER_IP tries per window over all accounts.
//
// Attempts are counted before the password is checked, atomically, so a burst of parallel
// guesses gets no more tries than a sequence of them. A trusted client's count starts over when it
// signs in; a sign-in from an unknown client gives back only its own attempt (to the account's and
// the address's counts), so what those bound is wrong passwords.

export interface LoginClient {
  /** From `clientIp` (lib/legacy/http.ts): the socket's or the trusted proxy's address. */
  address: string;
  /** The raw device cookie, when the client sends cookies. */
  device?: string | null;
}

export interface Admission {
  trusted: boolean;
  /** The budget this attempt was counted on. */
  budgetKey: string;
  /** The address's count over all accounts (unknown clients only). */
  addressKey?: string;
}

const knownAddressKey = (email: string, address: string) => `login:known:${email}\n${address}`;

/**
 * What is being tried: a password, or a two-factor code after the right password. Each has budgets
 * of its own, of the same sizes, so wrong codes are bounded like wrong passwords and neither can
 * spend the other's. Which clients are trusted is the account's, shared by both.
 */
export type LoginStep = 'login' | 'code';

/**
 * The 429 of a spent budget (errors.tooManyRequests). `byAddress`: the address's own budget over
 * all accounts was spent, so what the attempt names is no account's business (the activity log
 * counts it under the address alone).
 */
export class Throttled extends AppError {
  constructor(readonly byAddress: boolean) {
    super(429, 'tooManyRequests');
  }
}

/** Counts the attempt on the right budget; throws Throttled (429) when that budget is spent. */
export async function admit(email: string, client: LoginClient, step: LoginStep = 'login'): Promise<Admission> {
  const window = config.loginRate.windowSeconds;
  const device = trustedDevice(client.device, email);
  let budgetKey: string | null = null;
  if (device) budgetKey = `${step}:device:${device}\n${email}`;
  else if ((await peek(knownAddressKey(email, client.address))) > 0) budgetKey = `${step}:address:${client.address}\n${email}`;
  if (budgetKey) {
    if ((await hit(budgetKey, window)) > config.loginRate.perTrustedClient) throw new Throttled(false);
    return { trusted: true, budgetKey };
  }
  const addressKey = `${step}:ip:${client.address}`;
  if ((await hit(addressKey, window)) > config.loginRate.perIp) throw new Throttled(true);
  budgetKey = `${step}:untrusted:${email}`;
  if ((await hit(budgetKey, window)) > config.loginRate.perAccount) throw new Throttled(false);
  return { trusted: false, budgetKey, addressKey };
}

/**
 * After the right password (or code): the attempt was no failure. `trust`: this address becomes
 * (or stays) a trusted client of the account; false after a password that still needs its
 * two-factor code, so knowing the password alone never earns an address a budget of its own.
 */
export async function signedIn(email: string, client: LoginClient, admission: Admission, trust = true) {
  if (admission.trusted) await reset(admission.budgetKey);
  else await Promise.all([refund(admission.budgetKey), admission.addressKey && refund(admission.addressKey)]);
  if (!trust) return;
  await remember(knownAddressKey(email, client.address), config.loginRate.trustedDays * 24 * 60 * 60);
}
