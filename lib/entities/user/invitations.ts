import 'server-only';
import { recordActivity, type Who } from '@/lib/activity';
import { z } from 'zod';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { AppError, invalid, notFound } from '@/lib/errors';
import { parseId } from '@/lib/entities/ids';
import { fieldErrors, requiredText } from '@/lib/entities/fields';
import { createLink, findLink, useLink } from '@/lib/auth/account-links';
import { hashPassword } from '@/lib/auth/password';
import { assertStrongPassword, CONFIRMATION_ISSUE, confirmed, newPassword } from '@/lib/auth/password-rules';
import { localePath } from '@/lib/pages';
import { mailInvitation } from '@/lib/mail/notify';
import { Prisma } from '@/lib/generated/prisma/client';
import { email } from './schema';

// Invitations (issue 26, point 3): an Admin names an e-mail and a role; the person gets a link
// (7 days, once: lib/auth/account-links.ts) by mail, and the Admin sees it too, to send another
// way when mail is not set up. Accepting it makes an approved account of that role: no pending step.

export const INVITE_ROLES = ['mini', 'admin'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
const flagsOf = (role: InviteRole) => ({ isAdmin: role === 'admin', isMiniAdmin: true });

const inviteSchema = z.object({
  email: email().pipe(z.email({ error: 'invalidEmail' })),
  role: z.enum(INVITE_ROLES, { error: 'invalidId' }),
});

const invitationUrl = (token: string, locale: string) => `${config.siteUrl}${localePath(locale, '/Invitation')}?token=${token}`;

/** Makes an invitation and queues its mail (when mail is set up). An address that already has an account is refused. */
export async function invite(who: Who, raw: Record<string, unknown>, locale: string): Promise<{ url: string; email: string }> {
  const parsed = inviteSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const { email: address, role } = parsed.data;
  if (await db.user.findUnique({ where: { email: address }, select: { id: true } })) throw invalid({ email: ['emailTaken'] });
  return db.$transaction(async (tx) => {
    const link = await createLink(tx, { purpose: 'invite', email: address, role, createdBy: who.actor?.id });
    const url = invitationUrl(link.token, locale);
    await mailInvitation(tx, { linkId: link.id, to: address, url, admin: role === 'admin' });
    await recordActivity(tx, { ...who, kind: 'invitation', entity: 'users', detail: `${address} ${role}` });
    return { url, email: address };
  });
}

/**
 * An invitation is good while its link is (unused, unexpired, not revoked: a revoke uses it up) and
 * while the Admin who made it is still an Admin: it speaks for them, so it dies with their rights
 * (demoted or deleted), whatever role it gives.
 */
const inviterIsAdmin = { creator: { isAdmin: true } } as const;

/** What the invitation page shows for `token`, while it can be used. */
export async function openInvitation(token: unknown): Promise<{ email: string; role: InviteRole } | null> {
  const link = await findLink(db, token, 'invite');
  if (!link?.createdBy) return null;
  if (!(await db.user.count({ where: { id: link.createdBy, isAdmin: true } }))) return null;
  const role = INVITE_ROLES.find((r) => r === link.role) ?? 'mini';
  return { email: link.email, role };
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: InviteRole;
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Invitations that can still be accepted, newest first (the Users screen lists them with a Revoke each). */
export async function listInvitations(): Promise<PendingInvitation[]> {
  const rows = await db.accountLink.findMany({
    where: { purpose: 'invite', usedAt: null, expiresAt: { gt: new Date() }, ...inviterIsAdmin },
    orderBy: { id: 'desc' },
    take: INVITATIONS_SHOWN,
    select: { id: true, email: true, role: true, createdAt: true, expiresAt: true, creator: { select: { name: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: INVITE_ROLES.find((r) => r === row.role) ?? 'mini',
    invitedBy: row.creator?.name ?? '',
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  }));
}

/**
 * At most this many pending invitations are listed: each is made by an Admin by hand and lives 7
 * days, so a real list is a handful; the bound keeps the screen's query from growing regardless.
 */
export const INVITATIONS_SHOWN = 100;

/** Revokes a pending invitation (its link is used up, so it opens nothing); 404 when there is none to revoke. */
export async function revokeInvitation(who: Who, rawId: unknown): Promise<void> {
  const id = parseId(rawId);
  if (!id) throw notFound();
  await db.$transaction(async (tx) => {
    const link = await tx.accountLink.findUnique({ where: { id }, select: { purpose: true, email: true, role: true } });
    const revoked = await tx.accountLink.updateMany({
      where: { id, purpose: 'invite', usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (!link || revoked.count !== 1) throw notFound();
    await recordActivity(tx, { ...who, kind: 'invitationRevoked', entity: 'users', detail: `${link.email} ${link.role ?? 'mini'}` });
  });
}

const acceptSchema = z
  .object({ name: requiredText(100), password: newPassword(), passwordConfirmation: z.string({ error: 'required' }) })
  .refine(confirmed, CONFIRMATION_ISSUE);

/**
 * Accepts an invitation: the account, approved with the invited role. The link is used in the same
 * transaction. `address`: the client's, for the activity log. Answers with the account's e-mail, which
 * the caller signs in with the password just chosen.
 */
export async function acceptInvitation(raw: Record<string, unknown>, address: string): Promise<{ email: string }> {
  const invitation = await openInvitation(raw.token);
  if (!invitation) throw new AppError(410, 'linkExpired');
  const parsed = acceptSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  assertStrongPassword(parsed.data.password, [parsed.data.name, invitation.email]);
  const passwordHash = await hashPassword(parsed.data.password);
  try {
    await db.$transaction(async (tx) => {
      if (!(await useLink(tx, raw.token, 'invite'))) throw new AppError(410, 'linkExpired');
      const user = await tx.user.create({
        data: { name: parsed.data.name, email: invitation.email, passwordHash, ...flagsOf(invitation.role) },
      });
      await recordActivity(tx, {
        actor: { id: user.id, name: user.name, email: user.email },
        address,
        kind: 'create',
        entity: 'users',
        entityId: user.id,
        detail: `invitation ${invitation.role}`,
      });
      // Other invitations to the same address are done with: it has its account.
      await tx.accountLink.updateMany({
        where: { purpose: 'invite', email: invitation.email, usedAt: null },
        data: { usedAt: new Date() },
      });
    });
  } catch (error) {
    // The address signed up on its own meanwhile.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw new AppError(409, 'accountExists');
    throw error;
  }
  return { email: invitation.email };
}
