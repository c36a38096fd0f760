'use server';

// The sign-in pages' actions: sign in (and its code step), sign up, sign out, forgotten and reset
// passwords, an invitation accepted and the first start's set-up.
import { cookies, headers } from 'next/headers';
import { redirect as redirectTo } from 'next/navigation';
import { after } from 'next/server';
import { AuthError, CredentialsSignin } from 'next-auth';
import { clientAddress } from '@/lib/auth/client-address';
import { RETURN_COOKIE, safeReturnPath } from '@/lib/auth/return-path';
import { config } from '@/lib/config';
import { sessionUser, type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import { revokeToken } from '@/lib/auth/tokens';
import { register as registerUser } from '@/lib/entities/user';
import { acceptInvitation } from '@/lib/entities/user/invitations';
import { completeSetup } from '@/lib/entities/user/setup';
import { admitResetRequest, resetPassword, queueResetRequest } from '@/lib/entities/user/account';
import { isDbFault } from '@/lib/db/faults';
import { redirect } from '@/lib/i18n/navigation';
import { localePath } from '@/lib/pages';
import { formLocale, runAction, type ActionResult, formText } from '@/lib/admin/action-kit';
import { isScripted } from '@/lib/http/scripted-form';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('auth action', permission, body);

/**
 * The sign-in form's action, in both of its ways in. With scripts the form calls it itself (and
 * sets `js`): it answers with where to go, and the form shows the spec's toast and moves there 2
 * seconds later. Posted by the browser (no scripts yet, or none at all) it redirects on success
 * like any form post would, and otherwise its answer is the state the re-rendered page shows under
 * the form. Where to go: the back-office page the guard turned the visitor away from (its cookie,
 * checked again here: lib/auth/return-path.ts), else the back office's home in the form's language.
 */
export async function login(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const result = await signInWith('credentials', { email: form.get('email'), password: form.get('password') });
  if (!result.ok && !isScripted(form) && (result.error === 'awaitingApproval' || result.error === 'twoFactorRequired')) {
    // The return cookie stays for the code step, which ends the same way as this one.
    redirect({ href: result.error === 'twoFactorRequired' ? SECOND_STEP_PATH : '/AwaitingApproval', locale: formLocale(form) });
  }
  if (!result.ok) return { ...result, values: { email: formText(form, 'email') } };
  return signedIn(form);
}

/** After a sign-in: to the page asked for (its cookie, used once), else the back office's home in the form's language. */
async function signedIn(form: FormData): Promise<ActionResult> {
  const jar = await cookies();
  const next = safeReturnPath(jar.get(RETURN_COOKIE)?.value) ?? localePath(formLocale(form), '/Admin');
  // Used once: a later sign-in starts from the back office's home.
  if (jar.has(RETURN_COOKIE)) jar.delete(RETURN_COOKIE);
  if (!isScripted(form)) redirectTo(next);
  return { ok: true, next };
}

/** Where a right password of an account with two-factor sign-in goes for its code. */
const SECOND_STEP_PATH = '/LogIn/Code';

/**
 * The code step of signing in (/LogIn/Code), after the right password of an account with
 * two-factor sign-in: the same two ways in as `login`. The step itself is tied to the browser by
 * its HttpOnly cookie (lib/auth/auth.ts), never by anything in the form but the code.
 */
export async function loginWithCode(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const result = await signInWith('two-factor', { code: form.get('code') });
  if (!result.ok && result.error === 'awaitingApproval' && !isScripted(form))
    redirect({ href: '/AwaitingApproval', locale: formLocale(form) });
  return result.ok ? signedIn(form) : result;
}

async function signInWith(
  provider: 'credentials' | 'two-factor',
  fields: Record<string, FormDataEntryValue | null>,
): Promise<ActionResult> {
  // Without a secret Auth.js cannot sign the session, yet signIn() returns as if it had: the form
  // would say "signed in" and land back here. `npm start` always provides one (scripts/start.ts).
  if (!process.env.AUTH_SECRET) {
    console.error('[login] AUTH_SECRET is not set, so no session can be issued; start the app with `npm start`');
    return { ok: false, error: 'server' };
  }
  try {
    const { signIn } = await import('@/lib/auth/auth');
    await signIn(provider, { ...fields, redirect: false });
    return { ok: true };
  } catch (error) {
    // A refusal carries its AppError code (lib/auth/auth.ts); any other Auth.js error is a fault
    // inside authorize (the database, say) and must not read as a wrong password.
    if (error instanceof CredentialsSignin) {
      return { ok: false, error: error.code && error.code !== 'credentials' ? error.code : 'invalidCredentials' };
    }
    // Also when the fault came after the password check (e.g. storing the session).
    if (isDbFault(error)) return { ok: false, error: 'unavailable' };
    if (error instanceof AuthError) {
      console.error('[login] sign-in failed', error);
      return { ok: false, error: 'server' };
    }
    console.error('[login] unexpected error', error);
    return { ok: false, error: 'server' };
  }
}

/**
 * The sign-up form's action; the same two ways in as `login`. Over the sign-up limits the answer
 * is `{ ok: false, status: 429, error: 'tooManySignUps' }` (and the page without scripts says so).
 */
export async function register(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const result = await run(null, async () => {
    const address = clientAddress(await headers(), config.trustProxyHops);
    await registerUser(
      {
        name: form.get('name'),
        email: form.get('email'),
        password: form.get('password'),
        passwordConfirmation: form.get('passwordConfirmation'),
      },
      { address },
    );
  });
  if (result.ok && !isScripted(form)) redirect({ href: '/AwaitingApproval', locale: formLocale(form) });
  if (result.ok) return result;
  // What was typed comes back (never a password), so a page re-rendered without scripts keeps it.
  const values = { name: formText(form, 'name'), email: formText(form, 'email') };
  return result.error === 'tooManySignUps' ? { ...result, status: 429, values } : { ...result, values };
}

/**
 * Ends the session at once (its token is revoked, so the cookie no longer opens anything) but
 * leaves the cookie in place: deleting a cookie in an action re-renders the current page, and
 * the back office would send the visitor to /LogIn at once, under the spec's 2-second toast.
 * The client clears the cookie with `endSession` when it leaves.
 */
export async function logout(): Promise<ActionResult> {
  try {
    const user = await sessionUser();
    if (user) await revokeToken(user.tokenId);
    return { ok: true };
  } catch (error) {
    console.error('[logout] unexpected error', error);
    return { ok: false, error: 'server' };
  }
}

/**
 * Deletes the (already revoked) session cookie; the page it is called from then re-renders.
 * No guard: it only ever removes the caller's own cookie, which is what a signed-out visitor wants.
 */
export async function endSession(): Promise<void> {
  const { signOut } = await import('@/lib/auth/auth');
  await signOut({ redirect: false });
}

// Passwords and sessions (issue 26; lib/entities/user/account.ts). The forms use useActionState
// alone: the same state with and without scripts, so there is one way in.

/**
 * "Forgot password": checks and counts the address, answers at once, and only then (after the
 * answer has gone) queues the request for the mail worker, which looks the account up on its own
 * clock. A known and an unknown address get the same answer in the same time, and leave the same
 * work behind.
 */
export async function requestPasswordReset(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const locale = formLocale(form);
  let emailAddress = '';
  const result = await run(null, async () => {
    const address = clientAddress(await headers(), config.trustProxyHops);
    emailAddress = await admitResetRequest({ email: form.get('email') }, { address });
  });
  if (result.ok) {
    after(() =>
      queueResetRequest(emailAddress, locale).catch((error: unknown) => console.error('[reset] the request was not queued', error)),
    );
    return result;
  }
  return { ...result, values: { email: formText(form, 'email') } };
}

/** Sets a new password with a reset link (its token is a hidden field of the form). */
export async function resetPasswordWithLink(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  return run(null, async () =>
    resetPassword(
      { token: form.get('token'), password: form.get('password'), passwordConfirmation: form.get('passwordConfirmation') },
      (await whoOfAction(null)).address,
    ),
  );
}

/**
 * The invitation page's form (`token`, `name`, `password`, `passwordConfirmation`, `locale`). The new
 * account is signed in with the password just chosen and goes on to the back office (issue 35,
 * item 6), rather than to a sign-in form asking for what was just typed.
 */
export async function acceptInvite(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  let email = '';
  const result = await run(null, async () => {
    ({ email } = await acceptInvitation(
      {
        token: form.get('token'),
        name: form.get('name'),
        password: form.get('password'),
        passwordConfirmation: form.get('passwordConfirmation'),
      },
      (await whoOfAction(null)).address,
    ));
  });
  if (!result.ok) return { ...result, values: { name: formText(form, 'name') } };
  // The account exists whatever happens next; should this sign-in be refused (say, throttled), the page says to sign in.
  const session = await signInWith('credentials', { email, password: form.get('password') });
  if (!session.ok) return { ok: true };
  // On to the back office from the action itself, with or without scripts: Next draws the
  // redirect's page with the cookie just set. Drawing the invitation page again instead (what an
  // answer would do) reads the request's cookies, without the new session, and says "expired".
  redirectTo(localePath(formLocale(form), '/Admin'));
}

/** The first start's set-up form (`token`, `name`, `email`, `password`, `passwordConfirmation`): the first Admin. */
export async function createFirstAdmin(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const result = await run(null, async () => {
    await completeSetup(
      {
        token: form.get('token'),
        name: form.get('name'),
        email: form.get('email'),
        password: form.get('password'),
        passwordConfirmation: form.get('passwordConfirmation'),
      },
      (await whoOfAction(null)).address,
    );
  });
  return result.ok ? result : { ...result, values: { name: formText(form, 'name'), email: formText(form, 'email') } };
}
