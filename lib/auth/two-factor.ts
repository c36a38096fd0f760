import 'server-only';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

// The pieces of two-factor sign-in that are pure crypto (docs/accounts.md, "Two-factor sign-in"):
// the TOTP secret's encryption at rest, checking a code, recovery codes and the enrolment QR code.
// The database side (enrol, sign in, reset) is lib/entities/user/two-factor.ts.

/** The authenticator app shows this name beside the account. */
const ISSUER = 'Seven Stars Events';
/** RFC 6238's 30-second steps; one step either side is accepted (a clock a little off, a code typed as it changed). */
const STEP_SECONDS = 30;
/** How many recovery codes a person gets, each `XXXXX-XXXXX` from a 32-letter alphabet: 50 random bits. */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_HALF = 5;

/** A code as an app shows it: six digits (spaces people type between groups are dropped first). */
const TOTP_SHAPE = /^\d{6}$/;
const RECOVERY_SHAPE = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_HALF * 2}}$`);
/** Anything longer is neither kind of code, and is refused before any work is done on it. */
export const CODE_MAX = 32;

export type CodeKind = 'totp' | 'recovery';

/** What a typed code looks like once spaces and dashes are gone (recovery codes in capitals), or null when it is neither kind. */
export function normaliseCode(raw: unknown): { kind: CodeKind; code: string } | null {
  if (typeof raw !== 'string' || raw.length > CODE_MAX) return null;
  const compact = raw.replace(/[\s-]/g, '').toUpperCase();
  if (TOTP_SHAPE.test(compact)) return { kind: 'totp', code: compact };
  if (RECOVERY_SHAPE.test(compact)) return { kind: 'recovery', code: compact };
  return null;
}

// AES-256-GCM under a key derived from AUTH_SECRET (HKDF, its own label): a copy of the database
// alone does not give anyone the codes. Changing AUTH_SECRET makes stored secrets unreadable, so
// those people sign in with a recovery code, or an Admin resets their two-factor.
function key(): Buffer {
  const secret = process.env.AUTH_SECRET;
  if (!secret) throw new Error('AUTH_SECRET is not set: two-factor secrets cannot be encrypted');
  return Buffer.from(hkdfSync('sha256', secret, 'sevenstars', 'two-factor-secret:v1', 32));
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), data.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The plain secret, or null when it cannot be read (another AUTH_SECRET, a damaged value). */
export function decryptSecret(stored: string | null): string | null {
  if (!stored) return null;
  const [version, iv, data, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !data || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A new Base32 secret (20 random bytes, as most authenticator apps expect). */
export const newTotpSecret = () => generateSecret();

/**
 * The time step `code` is valid for (now, or one step either side), when it is later than
 * `afterStep`; otherwise null. The caller stores the step, so the same code cannot work twice.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: STEP_SECONDS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}

/** The key in groups of four, for typing it into an app. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The enrolment QR code: the otpauth:// URI as an SVG data URL (the CSP allows `img-src data:`). */
export async function enrolmentQr(secret: string, email: string): Promise<string> {
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const half = () => Array.from({ length: RECOVERY_HALF }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');

/** Ten new recovery codes as they are shown (`XXXXX-XXXXX`). */
export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, () => `${half()}-${half()}`);

/** What is stored of a recovery code: 50 random bits need no slow hash, SHA-256 of the normalised code. */
export const recoveryHash = (code: string) =>
  createHash('sha256')
    .update(`recovery:${code.replace(/[\s-]/g, '').toUpperCase()}`)
    .digest('hex');
