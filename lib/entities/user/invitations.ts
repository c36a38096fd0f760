import 'server-only';
import { recordActivity, type Who } from '@/lib/activity';
import { z } from 'zod';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { AppError, invalid } from '@/lib/errors';
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

/** What the invitation page shows for `token`, while it can be used. */
export async function openInvitation(token: unknown): Promise<{ email: string; role: InviteRole } | null> {
  const link = await findLink(db, token, 'invite');
  if (!link) return null;
  const role = INVITE_ROLES.find((r) => r === link.role) ?? 'mini';
  return { email: link.email, role };
}

const acceptSchema = z
  .object({ name: requiredText(100), password: newPassword(), passwordConfirmation: z.string({ error: 'required' }) })
  .refine(confirmed, CONFIRMATION_ISSUE);

/** Accepts an invitation: the account, approved with the invited role. The link is used in the same transaction. */
/** `address`: the client's, for the activity log. */
export async function acceptInvitation(raw: Record<string, unknown>, address: string): Promise<void> {
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
}
