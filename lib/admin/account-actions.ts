'use server';

// /Admin/Account's actions: the signed-in person's own name, password, sessions and two-factor sign-in.
import { requireSessionUser, type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import { type Who } from '@/lib/activity';
import { renameUser } from '@/lib/entities/user';
import { confirmEnrolment, disableTwoFactor, renewRecoveryCodes, startEnrolment } from '@/lib/entities/user/two-factor';
import { changePassword, endOtherSessions, endOwnSession } from '@/lib/entities/user/account';
import { argsOf, runAction, type ActionResult, formText, formArgs } from '@/lib/admin/action-kit';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('account action', permission, body);

/** /Admin/Account: the signed-in person's new password; their other sessions and tokens end. */
/** /Admin/Account's name form (`name`): the signed-in person renames themselves. */
export async function renameSelf(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const result = await run('account', async () => {
    const me = await requireSessionUser('account');
    await renameUser(me, { name: form.get('name') }, await whoOfAction(me));
  });
  return result.ok ? result : { ...result, values: { name: formText(form, 'name') } };
}

export async function changeOwnPassword(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  return run('account', async () => {
    const me = await requireSessionUser('account');
    await changePassword(
      me,
      {
        currentPassword: form.get('currentPassword'),
        password: form.get('password'),
        passwordConfirmation: form.get('passwordConfirmation'),
      },
      await whoOfAction(me),
    );
  });
}

/** Signs out one of the person's own sessions or API tokens (its id in the form's `tokenId`). */
export async function signOutSession(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('account', async () => {
    const [data] = argsOf(formArgs, [form]);
    await endOwnSession(await requireSessionUser('account'), data.get('tokenId'));
  });
}

export async function signOutOtherSessions(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('account', async () => {
    argsOf(formArgs, [form]);
    await endOtherSessions(await requireSessionUser('account'));
  });
}

// Two-factor sign-in (issue 26, item 4; lib/entities/user/two-factor.ts). Every form works
// without scripts; the person's own on /Admin/Account, the Admins' on /Admin/Users and /Admin/Settings.

/** Starts (or starts over) enrolment: the account page then shows the QR code and the key. */
export async function startTwoFactor(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('account', async () => {
    argsOf(formArgs, [form]);
    await startEnrolment(await requireSessionUser('account'));
  });
}

export type EnrolResult = ActionResult & { recoveryCodes?: string[] };

/** Confirms enrolment with a code from the app; the answer carries the ten recovery codes, shown this once. */
export async function confirmTwoFactor(_previous: EnrolResult | null, form: FormData): Promise<EnrolResult> {
  return withRecoveryCodes(form, (me, data, who) => confirmEnrolment(me, data.get('code'), who));
}

/** Runs a step of the person's own two-factor that makes recovery codes, and answers with them. */
async function withRecoveryCodes(
  form: FormData,
  step: (me: CurrentUser, data: FormData, who: Who) => Promise<string[]>,
): Promise<EnrolResult> {
  let recoveryCodes: string[] = [];
  const result = await run('account', async () => {
    const [data] = argsOf(formArgs, [form]);
    const me = await requireSessionUser('account');
    recoveryCodes = await step(me, data, await whoOfAction(me));
  });
  return result.ok ? { ok: true, recoveryCodes } : result;
}

/** Turns the person's own two-factor off (form: `proof`, a current code or the password). */
export async function turnOffTwoFactor(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('account', async () => {
    const [data] = argsOf(formArgs, [form]);
    const me = await requireSessionUser('account');
    await disableTwoFactor(me, data.get('proof'), await whoOfAction(me));
  });
}

/** Ten new recovery codes (form: `proof`, a current code or the password); the answer carries them, shown this once. */
export async function renewTwoFactorCodes(_previous: EnrolResult | null, form: FormData): Promise<EnrolResult> {
  return withRecoveryCodes(form, (me, data, who) => renewRecoveryCodes(me, data.get('proof'), who));
}
