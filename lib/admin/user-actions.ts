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
import { argsOf, formId, formLocale, runAction, type ActionResult, formText, formArgs } from '@/lib/admin/action-kit';
import { USER_ID_FIELD } from '@/lib/admin/areas';
import { AppError } from '@/lib/errors';
import { isScripted } from '@/lib/http/scripted-form';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('admin action', permission, body);

/** A role's box: ticked ("1") or not sent; anything else is no form of ours. */
function ticked(form: FormData, name: string): boolean {
  const value = form.get(name);
  if (value !== null && value !== '1') throw new AppError(400, 'badRequest');
  return value === '1';
}

/** The Users screen's search and page, kept by its forms without scripts. */
const USERS_LIST_KEPT = ['q', 'page'] as const;

/**
 * A Users screen form's answer: to its script, the result; posted by the browser, the screen again
 * as it was sent from (search and page kept), saying what happened.
 */
function usersAnswer(form: FormData, result: ActionResult, outcome: { saved: string; failed: string }): ActionResult {
  if (!(form instanceof FormData) || isScripted(form)) return result;
  const params = new URLSearchParams();
  for (const key of USERS_LIST_KEPT) {
    const value = form.get(key);
    if (typeof value === 'string' && value !== '') params.set(key, value.slice(0, 100));
  }
  if (result.ok) params.set('saved', outcome.saved);
  else for (const [key, value] of Object.entries({ failed: outcome.failed, reason: result.error })) params.set(key, value);
  redirectTo(localePath(formLocale(form), `/Admin/Users?${params}`));
}

/**
 * An account's roles (`userId`, the boxes `isAdmin` and `isMiniAdmin`): answered in place to the
 * card's script; without scripts the Users screen again, saying saved (`?saved=flags`) or why
 * not (`?failed=flags&reason=<code>`).
 */
export async function saveUserFlags(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await run('users', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const flags = { isAdmin: ticked(data, 'isAdmin'), isMiniAdmin: ticked(data, 'isMiniAdmin') };
    await setFlags(formId(data, USER_ID_FIELD), flags, await whoOfAction(user));
  });
  return usersAnswer(form, result, { saved: 'flags', failed: 'flags' });
}

/** An account's delete (`userId`), from the dialog or, without scripts, the screen's own confirmation (`?confirmDelete=<id>`). */
export async function deleteUser(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await run('users', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    await removeUser(formId(data, USER_ID_FIELD), await whoOfAction(user));
  });
  return usersAnswer(form, result, { saved: 'deleted', failed: 'delete' });
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
  usersAnswer(data, result, { saved: 'revoked', failed: 'revoke' });
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
