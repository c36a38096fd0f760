import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// OWASP's device cookie ("Slow down online guessing attacks with device cookies"): a browser that
// signed in to an account holds a signed note saying so, and its sign-ins to that account are
// counted on that browser's own budget instead of the budget every unknown client shares. An
// attacker elsewhere can exhaust the shared budget, never the owner's browser's.
//
// The value is up to MAX_ENTRIES entries `account.nonce.signature` joined by `~` (a browser used
// for several accounts keeps one per account). `account` is a hash of the email, so the cookie
// does not show it; the signature is an HMAC with AUTH_SECRET, so no entry can be made up.

export const DEVICE_COOKIE = 'sevenstars-device';
const MAX_ENTRIES = 4;

function secret(): string | null {
  return process.env.AUTH_SECRET || null;
}

const accountOf = (email: string) => createHash('sha256').update(`device-account:${email}`).digest('base64url').slice(0, 22);

function sign(key: string, payload: string): string {
  return createHmac('sha256', key).update(`device-cookie:v1:${payload}`).digest('base64url');
}

interface Entry {
  account: string;
  nonce: string;
}

/** The entries whose signature holds; anything else in the value is dropped. */
function entries(value: string | null | undefined): Entry[] {
  const key = secret();
  if (!key || !value || value.length > 1024) return [];
  const valid: Entry[] = [];
  for (const part of value.split('~').slice(0, MAX_ENTRIES)) {
    const [account, nonce, signature, ...rest] = part.split('.');
    if (!account || !nonce || !signature || rest.length) continue;
    const expected = Buffer.from(sign(key, `${account}.${nonce}`));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) valid.push({ account, nonce });
  }
  return valid;
}

/** The nonce naming this browser for `email`, when its device cookie holds a valid entry for that account. */
export function trustedDevice(value: string | null | undefined, email: string): string | null {
  const account = accountOf(email);
  return entries(value).find((e) => e.account === account)?.nonce ?? null;
}

/**
 * The cookie value after a successful sign-in to `email`: that account's entry first (the same
 * nonce when the browser had one, so its budget carries on), the others after it. Null without a
 * secret to sign with.
 */
export function deviceCookieAfterSignIn(value: string | null | undefined, email: string): string | null {
  const key = secret();
  if (!key) return null;
  const account = accountOf(email);
  const nonce = trustedDevice(value, email) ?? randomBytes(16).toString('base64url');
  const others = entries(value).filter((e) => e.account !== account);
  return [{ account, nonce }, ...others]
    .slice(0, MAX_ENTRIES)
    .map((e) => `${e.account}.${e.nonce}.${sign(key, `${e.account}.${e.nonce}`)}`)
    .join('~');
}

/** Read from the Cookie header (Auth.js hands `authorize` a Request, not Next's cookie store). */
export function deviceCookieFrom(headers: Pick<Headers, 'get'>): string | null {
  for (const pair of (headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === DEVICE_COOKIE) return pair.slice(at + 1).trim();
  }
  return null;
}
