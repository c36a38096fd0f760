import 'server-only';
import { recordActivity, type Who } from '@/lib/activity';
import { db } from '@/lib/db/client';
import { asUnavailable } from '@/lib/db/faults';
import { AppError, conflict, forbidden, invalid, notFound } from '@/lib/errors';
import { parseId } from '@/lib/entities/ids';
import type { DbClient } from '@/lib/db/types';
import { createLink, findLink, useLink as spendLink } from '@/lib/auth/account-links';
import { deviceCookieAfterSignIn } from '@/lib/auth/device-cookie';
import { admit, signedIn, type LoginClient } from '@/lib/auth/login-throttle';
import { verifyPassword } from '@/lib/auth/password';
import { PASSWORD_MAX } from '@/lib/auth/password-rules';
import { take } from '@/lib/auth/rate-limit';
import { revokeAllTokens } from '@/lib/auth/tokens';
import {
  decryptSecret,
  encryptSecret,
  enrolmentQr,
  groupedKey,
  newRecoveryCodes,
  newTotpSecret,
  normaliseCode,
  recoveryHash,
  totpStep,
  type CodeKind,
} from '@/lib/auth/two-factor';
import { getSiteSettings } from '@/lib/settings';
import { coveredBy } from '@/lib/auth/permissions';
import type { User } from '@/lib/generated/prisma/client';
import type { LoginResult, PublicUser } from './index';
import { logSignInEvent } from './sign-in-log';

// Two-factor sign-in over a person's life (issue 26, item 4; docs/accounts.md, "Two-factor
// sign-in"): enrol on /Admin/Account, sign in with a code after the password (or a recovery code),
// turn it off, an Admin's reset, and the Admins' policy of who must use it.

/** The HttpOnly cookie that holds a right password's one-time "second step" token (5 minutes, account_links). */
export const SECOND_STEP_COOKIE = 'sevenstars-second-step';

/** Wrong codes (or passwords) one signed-in person may give per hour when confirming enrolment or turning it off. */
export const ENROL_MAX_PER_ACCOUNT = 10;
const WINDOW_SECONDS = 60 * 60;

const publicUser = (user: User): PublicUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  isAdmin: user.isAdmin,
  isMiniAdmin: user.isMiniAdmin,
  createdAt: user.createdAt,
});

/**
 * Whether `code` is one of the person's: a TOTP code for a time step later than the last one
 * used (stored by the same conditional UPDATE, so a code works once even in two requests at
 * once), or an unused recovery code (used up by the one UPDATE that checks it). 'reused' is a
 * right TOTP code whose step was already used (the app still shows it for the rest of its 30 s):
 * refused all the same, but the person is told to wait for the next code rather than that it is wrong.
 */
async function spendCode(user: User, code: { kind: CodeKind; code: string }): Promise<'spent' | 'wrong' | 'reused'> {
  if (code.kind === 'recovery') {
    const used = await db.recoveryCode.updateMany({
      where: { userId: user.id, codeHash: recoveryHash(code.code), usedAt: null },
      data: { usedAt: new Date() },
    });
    return used.count === 1 ? 'spent' : 'wrong';
  }
  const secret = decryptSecret(user.twoFactorSecret);
  if (!secret) return 'wrong';
  const step = await totpStep(secret, code.code, user.twoFactorLastStep);
  if (step === null) return (await totpStep(secret, code.code, null)) === null ? 'wrong' : 'reused';
  const stored = await db.user.updateMany({
    where: { id: user.id, twoFactorEnabledAt: { not: null }, OR: [{ twoFactorLastStep: null }, { twoFactorLastStep: { lt: step } }] },
    data: { twoFactorLastStep: step },
  });
  // Not stored: another request spent this step (or a later one) a moment ago.
  return stored.count === 1 ? 'spent' : 'reused';
}

/** After the right password of an account with two-factor sign-in: the token the code step is tied to. */
export async function startSecondStep(user: PublicUser): Promise<string> {
  return (await createLink(db, { purpose: 'second-step', email: user.email, userId: user.id })).token;
}

/** Whether a second-step token can still be used (the code page shows its form, or says to sign in again). */
export async function secondStepPending(token: unknown): Promise<boolean> {
  return (await findLink(db, token, 'second-step')) !== null;
}

/**
 * The code step of signing in (/LogIn/Code): `token` from the second-step cookie, `rawCode` a
 * TOTP or recovery code. Counted like passwords (lib/auth/login-throttle.ts, its own 'code'
 * budgets); something that is no code at all is refused before it is counted. On success the token
 * is used up and the result is what a right password gives an account without two-factor.
 */
export async function completeSecondStep(token: unknown, rawCode: unknown, client: LoginClient): Promise<LoginResult> {
  return checkSecondStep(token, rawCode, client).catch((error: unknown) => {
    throw asUnavailable(error);
  });
}

async function checkSecondStep(token: unknown, rawCode: unknown, client: LoginClient): Promise<LoginResult> {
  const link = await findLink(db, token, 'second-step');
  const user = link?.userId ? await db.user.findUnique({ where: { id: link.userId } }) : null;
  if (!user?.twoFactorEnabledAt) throw new AppError(401, 'signInExpired');
  const code = normaliseCode(rawCode);
  if (!code) throw new AppError(401, 'invalidCode');
  await countedCode(user, code, client, true);
  // Two tabs with the same right code: one signs in. (useLink, renamed: it is no React hook.)
  if (!(await spendLink(db, token, 'second-step'))) throw new AppError(401, 'signInExpired');
  if (!user.isAdmin && !user.isMiniAdmin) throw forbidden('awaitingApproval');
  return {
    user: publicUser(user),
    device: deviceCookieAfterSignIn(client.device, user.email),
    twoFactor: true,
    recoveryCode: code.kind === 'recovery',
  };
}

/**
 * A code tried for `user` under its 'code' budgets, spent if right. A wrong code and a throttled
 * one are security events of their own (counted per window, with the address); a right one is
 * logged as the sign-in it opens, by whoever issues the session.
 */
async function countedCode(user: User, code: { kind: CodeKind; code: string }, client: LoginClient, explainReuse: boolean): Promise<void> {
  const admission = await admit(user.email, client, 'code').catch(async (error: unknown) => {
    if (error instanceof AppError) await logSignInEvent('signInCodeThrottled', client, user.email, error.code, { account: user });
    throw error;
  });
  const spent = await spendCode(user, code);
  if (spent !== 'spent') {
    // The old client's /api/login keeps its one word for a refused code (the legacy API contract).
    const reason = spent === 'reused' && explainReuse ? 'codeReused' : 'invalidCode';
    await logSignInEvent('signInCodeRefused', client, user.email, reason, { account: user });
    throw new AppError(401, reason);
  }
  await signedIn(user.email, client, admission);
}

/**
 * The old client's `/api/login` for an account with two-factor sign-in: the password was right
 * (`verifyLogin`); the code comes in the same request as the extra field `code`. Without it, 401
 * `twoFactorRequired`; a wrong one, 401 `invalidCode`, counted like a wrong password.
 */
export async function checkApiCode(user: PublicUser, rawCode: unknown, client: LoginClient): Promise<{ recoveryCode: boolean }> {
  if (rawCode === undefined || rawCode === null || rawCode === '') throw new AppError(401, 'twoFactorRequired');
  const code = normaliseCode(rawCode);
  if (!code) throw new AppError(401, 'invalidCode');
  const row = await db.user.findUnique({ where: { id: user.id } });
  if (!row?.twoFactorEnabledAt) throw new AppError(401, 'invalidCode');
  await countedCode(row, code, client, false);
  return { recoveryCode: code.kind === 'recovery' };
}

export type TwoFactorStatus =
  { state: 'off' } | { state: 'pending'; qr: string; key: string } | { state: 'on'; enabledAt: Date; codesLeft: number };

/** What /Admin/Account shows: off, enrolment started (its QR code and key), or on. */
export async function twoFactorStatus(userId: number): Promise<TwoFactorStatus> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw notFound();
  if (user.twoFactorEnabledAt) {
    const codesLeft = await db.recoveryCode.count({ where: { userId, usedAt: null } });
    return { state: 'on', enabledAt: user.twoFactorEnabledAt, codesLeft };
  }
  const secret = decryptSecret(user.twoFactorSecret);
  if (!secret) return { state: 'off' };
  return { state: 'pending', qr: await enrolmentQr(secret, user.email), key: groupedKey(secret) };
}

/** Starts (or starts over) enrolment: a new secret, not in use until a code from it is confirmed. */
export async function startEnrolment(me: { id: number }): Promise<void> {
  const started = await db.user.updateMany({
    where: { id: me.id, twoFactorEnabledAt: null },
    data: { twoFactorSecret: encryptSecret(newTotpSecret()), twoFactorLastStep: null },
  });
  if (started.count !== 1) throw conflict('twoFactorOn');
}

async function countTry(userId: number) {
  const tries = await take(`two-factor:${userId}`, WINDOW_SECONDS);
  if (tries.count > ENROL_MAX_PER_ACCOUNT) throw new AppError(429, 'tooManyRequests', undefined, tries.retryAfterSeconds);
}

/**
 * Confirms enrolment with a code from the app: two-factor is on from now, and the ten recovery
 * codes are returned to be shown once (only their hashes are kept; any older ones are gone).
 */
export async function confirmEnrolment(me: { id: number }, rawCode: unknown, who: Who): Promise<string[]> {
  const user = await db.user.findUnique({ where: { id: me.id } });
  if (!user) throw notFound();
  if (user.twoFactorEnabledAt) throw conflict('twoFactorOn');
  const secret = decryptSecret(user.twoFactorSecret);
  if (!secret) throw conflict('twoFactorNotStarted');
  const code = normaliseCode(rawCode);
  if (code?.kind !== 'totp') throw invalid({ code: ['invalidCode'] });
  await countTry(user.id);
  const step = await totpStep(secret, code.code, null);
  if (step === null) throw invalid({ code: ['invalidCode'] });
  const codes = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    // The secret confirmed is the one stored: a second tab that started over in between loses.
    const on = await tx.user.updateMany({
      where: { id: user.id, twoFactorEnabledAt: null, twoFactorSecret: user.twoFactorSecret },
      data: { twoFactorEnabledAt: new Date(), twoFactorLastStep: step },
    });
    if (on.count !== 1) throw conflict('twoFactorNotStarted');
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.createMany({ data: codes.map((c) => ({ userId: user.id, codeHash: recoveryHash(c) })) });
    await recordActivity(tx, { ...who, kind: 'twoFactorOn', entity: 'users', entityId: user.id });
  });
  return codes;
}

/** Off again: the secret, recovery codes and any sign-in waiting for a code are gone. */
async function clearTwoFactor(tx: DbClient, userId: number) {
  await tx.user.update({ where: { id: userId }, data: { twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null } });
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.accountLink.updateMany({ where: { userId, purpose: 'second-step', usedAt: null }, data: { usedAt: new Date() } });
}

/**
 * The signed-in person, with two-factor on, proves it is them (a current code, a recovery code or
 * their password) before changing it; wrong proofs count against ENROL_MAX_PER_ACCOUNT an hour.
 */
async function provenOwner(me: { id: number }, rawProof: unknown): Promise<User> {
  const user = await db.user.findUnique({ where: { id: me.id } });
  if (!user) throw notFound();
  if (!user.twoFactorEnabledAt) throw conflict('twoFactorOff');
  if (typeof rawProof !== 'string' || !rawProof) throw invalid({ proof: ['required'] });
  if (rawProof.length > PASSWORD_MAX) throw invalid({ proof: ['tooLong'] });
  await countTry(user.id);
  const code = normaliseCode(rawProof);
  const ok = (code !== null && (await spendCode(user, code))) || (await verifyPassword(user.passwordHash, rawProof));
  if (!ok) throw invalid({ proof: ['wrongProof'] });
  return user;
}

/**
 * Ten new recovery codes (the person used some up, or fears they were seen): the old ones stop
 * working in the same transaction, the new ones are returned to be shown once.
 */
export async function renewRecoveryCodes(me: { id: number }, rawProof: unknown, who: Who): Promise<string[]> {
  const user = await provenOwner(me, rawProof);
  const codes = newRecoveryCodes();
  await db.$transaction(async (tx) => {
    await tx.recoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.recoveryCode.createMany({ data: codes.map((c) => ({ userId: user.id, codeHash: recoveryHash(c) })) });
    await recordActivity(tx, { ...who, kind: 'recoveryCodesRenewed', entity: 'users', entityId: user.id });
  });
  return codes;
}

/** The person turns two-factor off, proving it is them with a current code, a recovery code or their password. */
export async function disableTwoFactor(me: { id: number }, rawProof: unknown, who: Who): Promise<void> {
  const user = await provenOwner(me, rawProof);
  await db.$transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    await recordActivity(tx, { ...who, kind: 'twoFactorOff', entity: 'users', entityId: user.id });
  });
}

/**
 * An Admin resets someone's two-factor (a lost phone and lost codes): it is off, and every session
 * and API token of theirs ends, so whoever holds one signs in again, with the password alone
 * (or is sent to enrol, under the policy).
 */
export async function adminResetTwoFactor(rawUserId: unknown, who: Who): Promise<void> {
  const id = parseId(rawUserId);
  const user = id ? await db.user.findUnique({ where: { id }, select: { id: true } }) : null;
  if (!user) throw notFound();
  await db.$transaction(async (tx) => {
    await clearTwoFactor(tx, user.id);
    await revokeAllTokens(user.id, { tx });
    await recordActivity(tx, { ...who, kind: 'twoFactorOff', entity: 'users', entityId: user.id, detail: 'adminReset' });
  });
}

/** The ids of the people who sign in with two-factor (the Users screen shows a reset button for them). */
export async function twoFactorUserIds(): Promise<Set<number>> {
  const rows = await db.user.findMany({ where: { twoFactorEnabledAt: { not: null } }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

/** Whether the policy covers this signed-in person and they have not enrolled: the back office sends them to /Admin/Account. */
export async function mustEnrol(user: { isAdmin: boolean; isMiniAdmin: boolean; twoFactor: boolean }): Promise<boolean> {
  if (user.twoFactor) return false;
  return coveredBy((await getSiteSettings()).twoFactorPolicy, user);
}
