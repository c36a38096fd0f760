'use server';

// The Users screen's actions (/Admin/Users, Admins only): roles, deletes, invitations, approval,
// the sign-up mode, reset links and two-factor resets.
import { redirect as redirectTo } from 'next/navigation';
import { requireSessionUser, type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import { approvePending, rejectPending, removeUser, setFlags, setSignupOpen } from '@/lib/entities/user';
import { invite, revokeInvitation } from '@/lib/entities/user/invitations';
import { adminResetTwoFactor } from '@/lib/entities/user/two-factor';
import { adminResetLink } from '@/lib/entities/user/account';
import { z } from 'zod';
import { localePath } from '@/lib/pages';
import { parseId } from '@/lib/entities/ids';
import { argsOf, formLocale, idArg, runAction, type ActionResult, formText, formArgs } from '@/lib/admin/action-kit';
import { PLAIN_USER_ID_FIELD } from '@/lib/admin/areas';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('admin action', permission, body);

const saveUserFlagsArgs = z.tuple([idArg, z.boolean(), z.boolean()]);
const deleteUserArgs = z.tuple([idArg]);

export async function saveUserFlags(id: number, isAdmin: boolean, isMiniAdmin: boolean): Promise<ActionResult> {
  return run('users', async (user) => {
    const [userId, admin, miniAdmin] = argsOf(saveUserFlagsArgs, [id, isAdmin, isMiniAdmin]);
    await setFlags(userId, { isAdmin: admin, isMiniAdmin: miniAdmin }, await whoOfAction(user));
  });
}

export async function deleteUser(id: number): Promise<ActionResult> {
  return run('users', async (user) => {
    const [userId] = argsOf(deleteUserArgs, [id]);
    await removeUser(userId, await whoOfAction(user));
  });
}

/** The Users screen's search and page, kept by its forms without scripts. */
const USERS_LIST_KEPT = ['q', 'page'] as const;

/** Back to /Admin/Users as the form was sent from (search and page kept), with what happened. */
function backToUsers(data: FormData, outcome: Record<string, string>): never {
  const params = new URLSearchParams();
  for (const key of USERS_LIST_KEPT) {
    const value = data.get(key);
    if (typeof value === 'string' && value !== '') params.set(key, value.slice(0, 100));
  }
  for (const [key, value] of Object.entries(outcome)) params.set(key, value);
  redirectTo(localePath(formLocale(data), `/Admin/Users?${params}`));
}

/**
 * An account's roles sent without scripts (the card's checkboxes are a plain form then): the
 * Users screen again, saying saved (`?saved=flags`) or why not (`?failed=flags&reason=<code>`).
 */
export async function saveUserFlagsPlain(form: FormData): Promise<void> {
  const data = form instanceof FormData ? form : new FormData();
  const result = await saveUserFlags(
    parseId(data.get(PLAIN_USER_ID_FIELD)) ?? 0,
    data.get('isAdmin') === '1',
    data.get('isMiniAdmin') === '1',
  );
  backToUsers(data, result.ok ? { saved: 'flags' } : { failed: 'flags', reason: result.error });
}

/** An account's delete from the Users screen's own confirmation (`?confirmDelete=<id>`), without scripts. */
export async function deleteUserPlain(form: FormData): Promise<void> {
  const data = form instanceof FormData ? form : new FormData();
  const result = await deleteUser(parseId(data.get(PLAIN_USER_ID_FIELD)) ?? 0);
  backToUsers(data, result.ok ? { saved: 'deleted' } : { failed: 'delete', reason: result.error });
}

export type ResetLinkResult = ActionResult & { url?: string };

/** An Admin's one-time reset link for a user (form: `userId`, `locale`), shown to copy: when mail is not set up, or not arriving. */
export async function makeResetLink(_previous: ResetLinkResult | null, form: FormData): Promise<ResetLinkResult> {
  let url = '';
  const result = await run('users', async () => {
    const [data] = argsOf(formArgs, [form]);
    url = (await adminResetLink((await requireSessionUser('users')).id, data.get('userId'), formLocale(data))).url;
  });
  return result.ok ? { ok: true, url } : result;
}

// People (issue 26, point 3): invitations, approval and the sign-up mode, Admins only.

export type InviteResult = ActionResult & { url?: string; email?: string };

/** Invites someone by e-mail with a role (form: `email`, `role`, `locale`); the link is also returned to copy. */
export async function inviteUser(_previous: InviteResult | null, form: FormData): Promise<InviteResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  let made: { url: string; email: string } | null = null;
  const result = await run('users', async () => {
    const [data] = argsOf(formArgs, [form]);
    made = await invite(
      await whoOfAction(await requireSessionUser('users')),
      { email: data.get('email'), role: data.get('role') },
      formLocale(data),
    );
  });
  if (result.ok && made) return { ok: true, ...(made as { url: string; email: string }) };
  return result.ok ? result : { ...result, values: { email: formText(form, 'email') } };
}

/**
 * Revokes a pending invitation (form: `invitationId`, `locale`, the list's `q` and `page`), with or
 * without scripts: the Users screen again, saying revoked (`?saved=revoked`) or why not.
 */
export async function revokeInvite(form: FormData): Promise<void> {
  const data = form instanceof FormData ? form : new FormData();
  const result = await run('users', async (user) => revokeInvitation(await whoOfAction(user), data.get('invitationId')));
  backToUsers(data, result.ok ? { saved: 'revoked' } : { failed: 'revoke', reason: result.error });
}

const approvalArgs = z.tuple([z.instanceof(FormData)]);

/** Approves a pending account with a role (form: `userId`, `role`); the applicant is mailed. */
export async function approveUser(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async (user) => {
    const [data] = argsOf(approvalArgs, [form]);
    const role = data.get('role') === 'admin' ? 'admin' : 'mini';
    await approvePending(data.get('userId'), role, await whoOfAction(user));
  });
}

/** Turns a pending account down: removed, and the applicant mailed. */
export async function rejectUser(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async (user) => {
    const [data] = argsOf(approvalArgs, [form]);
    await rejectPending(data.get('userId'), await whoOfAction(user));
  });
}

/** Open sign-up or invitation only (form: `signup` = `open` | `invite`). */
export async function setSignupMode(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async () => {
    const [data] = argsOf(approvalArgs, [form]);
    await setSignupOpen(data.get('signup'));
  });
}

/** An Admin resets someone's two-factor (form: `userId`); that person's sessions and tokens end. */
export async function resetTwoFactor(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async () => {
    const [data] = argsOf(formArgs, [form]);
    await adminResetTwoFactor(data.get('userId'), await whoOfAction(await requireSessionUser('users')));
  });
}
