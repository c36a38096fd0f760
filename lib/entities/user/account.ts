import 'server-only';
import { recordActivity, type Who } from '@/lib/activity';
import { z } from 'zod';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { AppError, invalid, notFound } from '@/lib/errors';
import { fieldErrors } from '@/lib/entities/fields';
import { parseId } from '@/lib/entities/ids';
import { createLink, findLink, useLink } from '@/lib/auth/account-links';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { assertStrongPassword, CONFIRMATION_ISSUE, confirmed, newPassword, PASSWORD_MAX } from '@/lib/auth/password-rules';
import { take } from '@/lib/auth/rate-limit';
import { revokeAllTokens } from '@/lib/auth/tokens';
import { localePath } from '@/lib/pages';
import { mailPasswordChanged, mailResetLink } from '@/lib/mail/notify';
import { email } from './schema';

// Passwords over a person's life (issue 26; docs/accounts.md, "Staff accounts"): forgotten
// (a one-time link by mail, or from an Admin), reset, changed. Each change ends the account's other
// sessions and API tokens and tells the person by mail, in the same transaction as the change.

/** Reset requests per hour for one e-mail address (the 6th is refused) and from one client address. */
export const RESET_MAX_PER_EMAIL = 5;
export const RESET_MAX_PER_ADDRESS = 20;
/** Wrong current passwords one account may give on /Admin/Account per hour. */
export const CHANGE_MAX_PER_ACCOUNT = 10;
const WINDOW_SECONDS = 60 * 60;

const forgotSchema = z.object({ email: email().pipe(z.email({ error: 'invalidEmail' })) });

/**
 * The part of "forgot password" that answers the visitor: the address is checked and counted (per
 * address and per client), the same whether or not it has an account, and nothing is looked up.
 * Throws 422 for a malformed address, 429 past a limit. Returns the e-mail to `queueResetRequest`.
 */
export async function admitResetRequest(raw: Record<string, unknown>, client: { address: string }): Promise<string> {
  const parsed = forgotSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const mine = await take(`reset:ip:${client.address}`, WINDOW_SECONDS);
  if (mine.count > RESET_MAX_PER_ADDRESS) throw new AppError(429, 'tooManyResets', undefined, mine.retryAfterSeconds);
  const account = await take(`reset:email:${parsed.data.email}`, WINDOW_SECONDS);
  if (account.count > RESET_MAX_PER_EMAIL) throw new AppError(429, 'tooManyResets', undefined, account.retryAfterSeconds);
  return parsed.data.email;
}

const resetUrl = (token: string, locale: string) => `${config.siteUrl}${localePath(locale, '/ResetPassword')}?token=${token}`;

/**
 * After a "forgot password" answer has gone: the request waits for the mail worker, one INSERT
 * whether or not the address has an account, so neither the answer nor the next request the
 * server handles can tell the two apart (issue 34). No mail configured: nothing to send it with.
 */
export async function queueResetRequest(emailAddress: string, locale: string): Promise<void> {
  if (!config.mail.configured) return;
  await db.resetRequest.create({ data: { email: emailAddress, locale } });
}

/** Requests the mail worker takes a pass (a burst is spread over passes: each takes this many). */
const RESET_REQUESTS_PER_PASS = 50;

/**
 * The mail worker's step before sending (lib/mail/outbox.ts `beforePass`, on its own clock): takes
 * waiting reset requests (once across instances: SKIP LOCKED, removed in the same transaction),
 * and for each address that has an account makes the one-time link and queues its mail.
 */
export async function resolveResetRequests(): Promise<number> {
  return db.$transaction(async (tx) => {
    const taken = await tx.$queryRaw<{ email: string; locale: string }[]>`
      DELETE FROM reset_requests WHERE id IN (
        SELECT id FROM reset_requests ORDER BY id LIMIT ${RESET_REQUESTS_PER_PASS} FOR UPDATE SKIP LOCKED
      ) RETURNING email, locale`;
    for (const request of taken) {
      const user = await tx.user.findUnique({ where: { email: request.email }, select: { id: true, email: true } });
      if (!user) continue;
      const link = await createLink(tx, { purpose: 'reset', email: user.email, userId: user.id });
      await mailResetLink(tx, { linkId: link.id, to: user.email, url: resetUrl(link.token, request.locale) });
    }
    return taken.length;
  });
}

/** An Admin's one-time reset link for a user (to hand over another way when mail is not set up, or not arriving). */
export async function adminResetLink(adminId: number, rawUserId: unknown, locale: string): Promise<{ url: string; expiresAt: Date }> {
  const id = parseId(rawUserId);
  const user = id ? await db.user.findUnique({ where: { id }, select: { id: true, email: true } }) : null;
  if (!user) throw notFound();
  const link = await createLink(db, { purpose: 'reset', email: user.email, userId: user.id, createdBy: adminId });
  return { url: resetUrl(link.token, locale), expiresAt: link.expiresAt };
}

/** Whether the reset page should show its form for `token` (unused, unexpired). */
export async function resetLinkUsable(token: unknown): Promise<boolean> {
  return (await findLink(db, token, 'reset')) !== null;
}

const resetSchema = z
  .object({ password: newPassword(), passwordConfirmation: z.string({ error: 'required' }) })
  .refine(confirmed, CONFIRMATION_ISSUE);

/** Sets the password with a reset link: once per link, within its hour. Every session and token of the account ends. */
/** `address`: the client's, for the activity log (the person is not signed in). */
export async function resetPassword(raw: Record<string, unknown>, address: string): Promise<void> {
  const link = await findLink(db, raw.token, 'reset');
  if (!link?.userId) throw new AppError(410, 'linkExpired');
  const user = await db.user.findUnique({ where: { id: link.userId }, select: { id: true, name: true, email: true } });
  if (!user) throw new AppError(410, 'linkExpired');
  const parsed = resetSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  assertStrongPassword(parsed.data.password, [user.name, user.email]);
  const passwordHash = await hashPassword(parsed.data.password);
  await db.$transaction(async (tx) => {
    // Checked again where it counts: a second tab that got this far loses here.
    if (!(await useLink(tx, raw.token, 'reset'))) throw new AppError(410, 'linkExpired');
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await revokeAllTokens(user.id, { tx });
    // Other reset links of the account die with this one: the password they were for has changed.
    await tx.accountLink.updateMany({ where: { userId: user.id, purpose: 'reset', usedAt: null }, data: { usedAt: new Date() } });
    await mailPasswordChanged(tx, { userId: user.id, to: user.email, at: new Date() });
    await recordActivity(tx, { actor: user, address, kind: 'passwordReset', entity: 'users', entityId: user.id });
  });
}

const changeSchema = z
  .object({
    currentPassword: z.string({ error: 'required' }).min(1, { error: 'required' }).max(PASSWORD_MAX, { error: 'tooLong' }),
    password: newPassword(),
    passwordConfirmation: z.string({ error: 'required' }),
  })
  .refine(confirmed, CONFIRMATION_ISSUE);

/** /Admin/Account: a new password for the signed-in person, who gives the current one. Other sessions and tokens end; this one stays. */
export async function changePassword(me: { id: number; tokenId: number }, raw: Record<string, unknown>, who: Who): Promise<void> {
  const user = await db.user.findUnique({ where: { id: me.id } });
  if (!user) throw notFound();
  const parsed = changeSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  // A stolen session must not become a password-guessing oracle (nor a CPU sink).
  const tries = await take(`change:${user.id}`, WINDOW_SECONDS);
  if (tries.count > CHANGE_MAX_PER_ACCOUNT) throw new AppError(429, 'tooManyRequests', undefined, tries.retryAfterSeconds);
  if (!(await verifyPassword(user.passwordHash, parsed.data.currentPassword))) throw invalid({ currentPassword: ['wrongPassword'] });
  assertStrongPassword(parsed.data.password, [user.name, user.email]);
  const passwordHash = await hashPassword(parsed.data.password);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await revokeAllTokens(user.id, { keepId: me.tokenId, tx });
    await tx.accountLink.updateMany({ where: { userId: user.id, purpose: 'reset', usedAt: null }, data: { usedAt: new Date() } });
    await mailPasswordChanged(tx, { userId: user.id, to: user.email, at: new Date() });
    await recordActivity(tx, { ...who, kind: 'passwordChange', entity: 'users', entityId: user.id });
  });
}

export interface SessionRow {
  id: number;
  kind: string;
  address: string;
  userAgent: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  current: boolean;
}

/** The person's sessions and API tokens that still work, most recently used first (bounded). */
export async function listSessions(me: { id: number; tokenId: number }): Promise<SessionRow[]> {
  const rows = await db.apiToken.findMany({
    where: { userId: me.id, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    select: { id: true, kind: true, address: true, userAgent: true, createdAt: true, lastUsedAt: true },
    orderBy: [{ lastUsedAt: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
    take: 100,
  });
  // An address that is not one (`other:…`: no proxy told us, lib/auth/client-address.ts) is not shown.
  return rows.map((row) => ({ ...row, address: row.address.startsWith('other:') ? '' : row.address, current: row.id === me.tokenId }));
}

/** Signs one of the person's own sessions or tokens out (never anyone else's: the WHERE holds the owner). */
export async function endOwnSession(me: { id: number }, rawTokenId: unknown): Promise<void> {
  const id = parseId(rawTokenId);
  if (!id) throw notFound();
  const gone = await db.apiToken.deleteMany({ where: { id, userId: me.id } });
  if (gone.count === 0) throw notFound();
}

export async function endOtherSessions(me: { id: number; tokenId: number }): Promise<void> {
  await revokeAllTokens(me.id, { keepId: me.tokenId });
}
