'use server';

import { AuthError } from 'next-auth';
import { requireSessionUser, sessionUser, type Permission } from '@/lib/auth/guard';
import { revokeToken } from '@/lib/auth/tokens';
import * as crud from '@/lib/entities/crud';
import { register as registerUser, removeUser, setFlags } from '@/lib/entities/user';
import { AppError, notFound, type FieldErrors } from '@/lib/errors';
import { isDbFault } from '@/lib/db/faults';
import { AREAS, type AreaKey } from './areas';
import { entityOf } from './server';

// Every admin server action. Each one passes the same guard as /api first, then calls the same
// entity write function; errors come back as codes that the client turns into words.

export type ActionResult = { ok: true } | { ok: false; error: string; fieldErrors?: FieldErrors };

async function run(permission: Permission | null, body: () => Promise<void>): Promise<ActionResult> {
  try {
    if (permission) await requireSessionUser(permission);
    await body();
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.code, fieldErrors: error.fieldErrors };
    if (isDbFault(error)) return { ok: false, error: 'unavailable' };
    console.error('[admin action] unexpected error', error);
    return { ok: false, error: 'server' };
  }
}

function areaOf(key: unknown) {
  if (typeof key !== 'string' || !(key in AREAS)) throw notFound();
  return AREAS[key as AreaKey];
}

function fieldsOf(key: AreaKey, form: FormData): { raw: Record<string, unknown>; image: File | null } {
  const raw: Record<string, unknown> = {};
  let image: File | null = null;
  for (const field of AREAS[key].fields) {
    const value = form.get(field.name);
    if (field.kind === 'image') image = value instanceof File && value.size > 0 ? value : null;
    else if (typeof value === 'string') raw[field.name] = value;
  }
  return { raw, image };
}

/** Create (id null) or update an item of a content area. */
export async function saveItem(areaKey: AreaKey, id: number | null, form: FormData): Promise<ActionResult> {
  return run('content', async () => {
    const area = areaOf(areaKey);
    if (!(form instanceof FormData)) throw new AppError(400, 'badBody');
    const { raw, image } = fieldsOf(area.key, form);
    if (id === null) await crud.create(entityOf(area.key), raw, image);
    else await crud.update(entityOf(area.key), Number(id), raw, image);
  });
}

export async function deleteItem(areaKey: AreaKey, id: number): Promise<ActionResult> {
  return run('content', async () => {
    await crud.remove(entityOf(areaOf(areaKey).key), Number(id));
  });
}

export async function saveUserFlags(id: number, isAdmin: boolean, isMiniAdmin: boolean): Promise<ActionResult> {
  return run('users', async () => {
    await setFlags(Number(id), { isAdmin: Boolean(isAdmin), isMiniAdmin: Boolean(isMiniAdmin) });
  });
}

export async function deleteUser(id: number): Promise<ActionResult> {
  return run('users', async () => {
    await removeUser(Number(id));
  });
}

export async function login(form: FormData): Promise<ActionResult> {
  // Without a secret Auth.js cannot sign the session, yet signIn() returns as if it had: the form
  // would say "signed in" and land back here. `npm start` always provides one (scripts/start.ts).
  if (!process.env.AUTH_SECRET) {
    console.error('[login] AUTH_SECRET is not set, so no session can be issued; start the app with `npm start`');
    return { ok: false, error: 'server' };
  }
  try {
    const { signIn } = await import('@/lib/auth/auth');
    await signIn('credentials', { email: form.get('email'), password: form.get('password'), redirect: false });
    return { ok: true };
  } catch (error) {
    // Also when the fault came after the password check (e.g. storing the session).
    if (isDbFault(error)) return { ok: false, error: 'unavailable' };
    if (error instanceof AuthError) {
      const code = (error as AuthError & { code?: string }).code;
      return { ok: false, error: code && code !== 'credentials' ? code : 'invalidCredentials' };
    }
    console.error('[login] unexpected error', error);
    return { ok: false, error: 'server' };
  }
}

export async function register(form: FormData): Promise<ActionResult> {
  return run(null, async () => {
    await registerUser({
      name: form.get('name'),
      email: form.get('email'),
      password: form.get('password'),
      passwordConfirmation: form.get('passwordConfirmation'),
    });
  });
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
