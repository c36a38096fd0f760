'use server';

import { cookies, headers } from 'next/headers';
import { redirect as redirectTo } from 'next/navigation';
import { after } from 'next/server';
import { AuthError, CredentialsSignin } from 'next-auth';
import { clientAddress } from '@/lib/auth/client-address';
import { RETURN_COOKIE, safeReturnPath } from '@/lib/auth/return-path';
import { config } from '@/lib/config';
import { requireSessionUser, sessionUser, type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import { recordActivityAlone, type Who } from '@/lib/activity';
import { requestBackup } from '@/lib/backups/runner';
import { createDownloadLink, downloadableRun } from '@/lib/backups/status';
import { revokeToken } from '@/lib/auth/tokens';
import * as crud from '@/lib/entities/crud';
import {
  approvePending,
  register as registerUser,
  rejectPending,
  removeUser,
  renameUser,
  setFlags,
  setSignupOpen,
} from '@/lib/entities/user';
import { acceptInvitation, invite, revokeInvitation } from '@/lib/entities/user/invitations';
import { completeSetup } from '@/lib/entities/user/setup';
import {
  adminResetTwoFactor,
  confirmEnrolment,
  disableTwoFactor,
  renewRecoveryCodes,
  startEnrolment,
} from '@/lib/entities/user/two-factor';
import {
  adminResetLink,
  admitResetRequest,
  changePassword,
  endOtherSessions,
  endOwnSession,
  resetPassword,
  queueResetRequest,
} from '@/lib/entities/user/account';
import { z } from 'zod';
import { isDbFault } from '@/lib/db/faults';
import { redirect } from '@/lib/i18n/navigation';
import { localePath } from '@/lib/pages';
import { saveSettings as writeSettings, saveTwoFactorPolicy, settingsNow } from '@/lib/settings/save';
import { SETTINGS_FILE_FIELDS, SETTINGS_TEXT_FIELDS, type SettingsFileField } from '@/lib/settings/schema';
import { activityQuery, parseActivityFilter } from '@/lib/activity/read';
import { restoreFromEntry } from '@/lib/activity/restore';
import { parseId } from '@/lib/entities/ids';
import { moveSlide as moveSlideInOrder, moveSlideTo as moveSlideToPlace } from '@/lib/entities/slides/order';
import { AppError } from '@/lib/errors';
import { routing } from '@/lib/i18n/routing';
import { sentVersion, VERSION_FIELD } from '@/lib/entities/version';
import { argsOf, formLocale, idArg, runAction, type ActionResult } from './action-kit';
import { entityOf } from '@/lib/entities/registry';
import { adminPath, AREAS, formInput, PLAIN_AREA_FIELD, PLAIN_ID_FIELD, PLAIN_USER_ID_FIELD, typedValues, type AreaKey } from './areas';
import { formValues } from './server';

// Every admin server action. Each one passes the same guard as /api first, then calls the same
// entity write function; errors come back as codes that the client turns into words.

export type { ActionResult } from './action-kit';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('admin action', permission, body);

const areaArg = z.enum(Object.keys(AREAS) as [AreaKey, ...AreaKey[]]);
const saveItemArgs = z.tuple([areaArg, idArg.nullable(), z.instanceof(FormData)]);
const deleteItemArgs = z.tuple([areaArg, idArg]);
const saveUserFlagsArgs = z.tuple([idArg, z.boolean(), z.boolean()]);
const deleteUserArgs = z.tuple([idArg]);
const saveSettingsArgs = z.tuple([z.instanceof(FormData)]);

function fieldsOf(key: AreaKey, form: FormData): { raw: Record<string, unknown>; image: File | null } {
  const value = form.get('image');
  const hasImage = AREAS[key].fields.some((field) => field.kind === 'image');
  return { raw: formInput(AREAS[key].fields, form), image: hasImage && value instanceof File && value.size > 0 ? value : null };
}

/**
 * Create (id null) or update an item of a content area. An update carries the version its form
 * was read at (hidden field `version`); over a newer one it is refused (409 `staleVersion`) and
 * the answer holds the item as saved now, for the form to show what changed and re-apply on.
 */
export async function saveItem(areaKey: AreaKey, id: number | null, form: FormData): Promise<ActionResult> {
  // Which item an update was about, once its arguments passed the checks.
  const target: { area?: AreaKey; id?: number } = {};
  const result = await run('content', async (user) => {
    const [area, itemId, data] = argsOf(saveItemArgs, [areaKey, id, form]);
    const { raw, image } = fieldsOf(area, data);
    const who = await whoOfAction(user);
    if (itemId === null) return void (await crud.create(entityOf(area), raw, image, who));
    Object.assign(target, { area, id: itemId });
    await crud.update(entityOf(area), itemId, raw, image, who, sentVersion(data.get(VERSION_FIELD)));
  });
  if (result.ok || result.error !== 'staleVersion' || !target.area || !target.id) return result;
  const now = await formValues(AREAS[target.area], target.id);
  return {
    ok: false,
    error: result.error,
    status: 409,
    ...(now?.version ? { conflict: { version: now.version, values: now.values } } : {}),
  };
}

/**
 * The item form sent without scripts (a native post, no confirmation dialog to show): saved, the
 * list says so; refused, the form comes back with its errors and what was typed (the scripted
 * form calls saveItem itself and never posts here). The area and the item come as the form's
 * hidden `area` and `id` fields, not bound to the action: a Server Function bound in a Client
 * Component never finishes a post without scripts under useActionState (vercel/next.js#98045).
 * saveItem checks them as it checks bound arguments.
 */
export async function saveItemPlain(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const data = form instanceof FormData ? form : new FormData();
  const areaKey = data.get(PLAIN_AREA_FIELD) as AreaKey;
  const rawId = data.get(PLAIN_ID_FIELD);
  const id = rawId === '' || rawId === null ? null : Number(rawId);
  const result = await saveItem(areaKey, id, form);
  if (!result.ok) {
    const area = typeof areaKey === 'string' && Object.hasOwn(AREAS, areaKey) ? AREAS[areaKey] : null;
    const values = area ? typedValues(area.fields, data) : undefined;
    // The newer values of a refused stale save are the scripted form's to show beside one's own.
    return { ok: false, error: result.error, status: result.status, fieldErrors: result.fieldErrors, values };
  }
  redirectTo(localePath(formLocale(data), `${adminPath.list(AREAS[areaKey])}?saved=${id === null ? 'created' : 'updated'}`));
}

export async function deleteItem(areaKey: AreaKey, id: number): Promise<ActionResult> {
  return run('content', async (user) => {
    const [area, itemId] = argsOf(deleteItemArgs, [areaKey, id]);
    await crud.remove(entityOf(area), itemId, await whoOfAction(user));
  });
}

/**
 * Delete, from the confirmation a list shows without scripts (its Delete is then a link to
 * `?confirmDelete=<id>`, components/admin/item-list.tsx): a plain form's action, answered by the
 * list again, saying it was deleted (`?saved=deleted`) or why not (`?deleteError=<code>`).
 */
export async function deleteItemPlain(form: FormData): Promise<void> {
  const data = form instanceof FormData ? form : new FormData();
  const areaKey = data.get(PLAIN_AREA_FIELD);
  const area = typeof areaKey === 'string' && Object.hasOwn(AREAS, areaKey) ? AREAS[areaKey as AreaKey] : null;
  const result = await deleteItem(areaKey as AreaKey, parseId(data.get(PLAIN_ID_FIELD)) ?? 0);
  const query = result.ok ? '?saved=deleted' : `?deleteError=${encodeURIComponent(result.error)}`;
  redirectTo(localePath(formLocale(data), `${area ? adminPath.list(area) : '/Admin'}${query}`));
}

const moveSlideArgs = z.tuple([z.instanceof(FormData)]);

/**
 * Move up / Move down on the slide list: a plain form's action (works without scripts, and by
 * keyboard as any button does). Answers by going back to the list, the moved slide named in the
 * URL so its card can say so; a refusal is named there too.
 */
export async function moveSlide(form: FormData): Promise<void> {
  const result = await run('content', async (user) => {
    const [data] = argsOf(moveSlideArgs, [form]);
    const id = parseId(data.get('id'));
    const direction = data.get('direction');
    if (!id || (direction !== 'up' && direction !== 'down')) throw new AppError(400, 'badRequest');
    await moveSlideInOrder(id, direction, await whoOfAction(user));
  });
  const id = form instanceof FormData ? parseId(form.get('id')) : null;
  const query = result.ok ? (id ? `?moved=${id}` : '') : `?moveError=${encodeURIComponent(result.error)}`;
  redirect({
    href: `${adminPath.list(AREAS.slides)}${query}`,
    locale: form instanceof FormData ? formLocale(form) : routing.defaultLocale,
  });
}

// A position is a place in a list of slides: 1 up to a bound no list reaches (past its end is its end).
const moveSlideToArgs = z.tuple([idArg, z.number().int().min(1).max(1_000_000)]);

/**
 * Drag and drop on the slide list: the slide to `position` (1-based) in the home page's order.
 * Called from the list's script, which then shows the list as saved and announces the move.
 */
export async function moveSlideTo(id: number, position: number): Promise<ActionResult> {
  return run('content', async (user) => {
    const [slideId, place] = argsOf(moveSlideToArgs, [id, position]);
    await moveSlideToPlace(slideId, place, await whoOfAction(user));
  });
}

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

/**
 * The site settings (/Admin/Settings). Admins only ('users'): the brand and where quote requests
 * are mailed are the company's, not content a Mini Admin edits. Text fields not sent keep their
 * value; a file field with a file replaces it, `clear_<field>=1` goes back to the demo's.
 */
export async function saveSettings(form: FormData): Promise<ActionResult> {
  const result = await run('users', async (user) => {
    const [data] = argsOf(saveSettingsArgs, [form]);
    const raw: Record<string, unknown> = {};
    for (const name of SETTINGS_TEXT_FIELDS) {
      const value = data.get(name);
      if (typeof value === 'string') raw[name] = value;
    }
    const upload: Partial<Record<SettingsFileField, File | null>> = {};
    const clear = new Set<SettingsFileField>();
    for (const field of SETTINGS_FILE_FIELDS) {
      const value = data.get(field);
      upload[field] = value instanceof File && value.size > 0 ? value : null;
      if (data.get(`clear_${field}`) === '1') clear.add(field);
    }
    await writeSettings(raw, { upload, clear }, await whoOfAction(user), sentVersion(data.get(VERSION_FIELD)));
  });
  // Saved in between by someone else: the form shows what is saved now (as saveItem's does).
  if (result.ok || result.error !== 'staleVersion') return result;
  const now = await settingsNow().catch(() => null); // (the refusal stands on its own without it)
  return { ok: false, error: result.error, status: 409, ...(now ? { conflict: now } : {}) };
}

/**
 * The settings form sent without scripts (a native post; the scripted form calls saveSettings
 * itself): saved, the settings again with "Saved." (`?saved=1`); refused, the form with its
 * errors and the texts that were typed (files aside).
 */
export async function saveSettingsPlain(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await saveSettings(form);
  if (!result.ok) {
    const values: Record<string, string> = {};
    if (form instanceof FormData)
      for (const name of SETTINGS_TEXT_FIELDS) {
        const value = form.get(name);
        if (typeof value === 'string') values[name] = value;
      }
    return { ok: false, error: result.error, status: result.status, fieldErrors: result.fieldErrors, values };
  }
  redirectTo(localePath(formLocale(form), '/Admin/Settings?saved=1'));
}

const restoreArgs = z.tuple([z.instanceof(FormData)]);

/**
 * Restores a deleted item from its activity-log entry (/Admin/Activity, Admins only). A plain
 * form's action, so it works without scripts: it always answers by going back to the log (its
 * filters kept), saying what happened (`restored` or `restoreError` in the URL).
 */
export async function restoreEntry(form: FormData): Promise<void> {
  let restored: number | null = null;
  const result = await run('users', async (user) => {
    const [data] = argsOf(restoreArgs, [form]);
    const entry = parseId(data.get('entry'));
    if (!entry) throw new AppError(400, 'badRequest');
    await restoreFromEntry(entry, await whoOfAction(user));
    restored = entry;
  });
  const filter = parseActivityFilter(Object.fromEntries(new URLSearchParams(form instanceof FormData ? text(form, 'query') : '')));
  const query = new URLSearchParams(activityQuery(filter));
  if (result.ok && restored) query.set('restored', String(restored));
  else if (!result.ok) query.set('restoreError', result.error);
  redirect({ href: `${adminPath.activity}?${query}`, locale: form instanceof FormData ? formLocale(form) : routing.defaultLocale });
}

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
  if (!result.ok && form.get('js') !== '1' && (result.error === 'awaitingApproval' || result.error === 'twoFactorRequired')) {
    // The return cookie stays for the code step, which ends the same way as this one.
    redirect({ href: result.error === 'twoFactorRequired' ? SECOND_STEP_PATH : '/AwaitingApproval', locale: formLocale(form) });
  }
  if (!result.ok) return { ...result, values: { email: text(form, 'email') } };
  return signedIn(form);
}

/** After a sign-in: to the page asked for (its cookie, used once), else the back office's home in the form's language. */
async function signedIn(form: FormData): Promise<ActionResult> {
  const jar = await cookies();
  const next = safeReturnPath(jar.get(RETURN_COOKIE)?.value) ?? localePath(formLocale(form), '/Admin');
  // Used once: a later sign-in starts from the back office's home.
  if (jar.has(RETURN_COOKIE)) jar.delete(RETURN_COOKIE);
  if (form.get('js') !== '1') redirectTo(next);
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
  if (!result.ok && result.error === 'awaitingApproval' && form.get('js') !== '1')
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
  if (result.ok && form.get('js') !== '1') redirect({ href: '/AwaitingApproval', locale: formLocale(form) });
  if (result.ok) return result;
  // What was typed comes back (never a password), so a page re-rendered without scripts keeps it.
  const values = { name: text(form, 'name'), email: text(form, 'email') };
  return result.error === 'tooManySignUps' ? { ...result, status: 429, values } : { ...result, values };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.slice(0, 254) : '';
};

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

const formArgs = z.tuple([z.instanceof(FormData)]);

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
  return { ...result, values: { email: text(form, 'email') } };
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

/** /Admin/Account: the signed-in person's new password; their other sessions and tokens end. */
/** /Admin/Account's name form (`name`): the signed-in person renames themselves. */
export async function renameSelf(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const result = await run('account', async () => {
    const me = await requireSessionUser('account');
    await renameUser(me, { name: form.get('name') }, await whoOfAction(me));
  });
  return result.ok ? result : { ...result, values: { name: text(form, 'name') } };
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
  return result.ok ? result : { ...result, values: { email: text(form, 'email') } };
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
  if (!result.ok) return { ...result, values: { name: text(form, 'name') } };
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
  return result.ok ? result : { ...result, values: { name: text(form, 'name'), email: text(form, 'email') } };
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

/** An Admin resets someone's two-factor (form: `userId`); that person's sessions and tokens end. */
export async function resetTwoFactor(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async () => {
    const [data] = argsOf(formArgs, [form]);
    await adminResetTwoFactor(data.get('userId'), await whoOfAction(await requireSessionUser('users')));
  });
}

/** Who must use two-factor sign-in (form: `twoFactorPolicy`, none | admins | everyone). Admins only. */
export async function saveTwoFactorSetting(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async () => {
    const [data] = argsOf(formArgs, [form]);
    await saveTwoFactorPolicy({ twoFactorPolicy: data.get('twoFactorPolicy') });
  });
}

// Backups (issue 33; lib/backups): Admins only, on /Admin/Backups. Both work without scripts.

/**
 * "Back up now": a requested run that a server's backup runner takes within seconds (pressed again
 * while one waits, the same run). The answer is the form's state, with and without scripts (the
 * screen is then drawn again, the waiting run on its list).
 */
export async function requestBackupNow(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async (user) => {
    argsOf(formArgs, [form]);
    const me = user!;
    const runId = await requestBackup('manual', me.id);
    await recordActivityAlone({ ...(await whoOfAction(me)), kind: 'backupRequested', entity: 'backups', entityId: runId });
  });
}

export type DownloadResult = ActionResult & { url?: string };

/**
 * Download (form: `run`, `locale`): a single-use link to that archive, for this Admin alone, for a
 * few minutes (lib/backups/status.ts). Posted without scripts it redirects there (a 303 the
 * browser follows, and the archive downloads); called by the scripted form (`js`) it answers with
 * the link, which the page then opens. A scripted call must not redirect: Next would fetch the
 * target itself to render it, and that fetch would spend the link.
 */
export async function downloadBackup(_previous: DownloadResult | null, form: FormData): Promise<DownloadResult> {
  let url = '';
  const result = await run('users', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const runId = parseId(data.get('run'));
    const archive = runId ? await downloadableRun(runId) : null;
    if (!archive) throw new AppError(404, 'notFound');
    url = localePath(formLocale(data), adminPath.backupDownload(await createDownloadLink(archive.id, user!.id)));
  });
  if (result.ok && form.get('js') !== '1') redirectTo(url);
  return result.ok ? { ok: true, url } : result;
}
