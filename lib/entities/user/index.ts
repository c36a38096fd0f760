import 'server-only';
import { db } from '@/lib/db/client';
import { AppError, conflict, forbidden, invalid, notFound } from '@/lib/errors';
import { fieldErrors, requiredText } from '@/lib/entities/fields';
import { z } from 'zod';
import { parseId } from '@/lib/entities/ids';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { assertStrongPassword } from '@/lib/auth/password-rules';
import { revokeAllTokens } from '@/lib/auth/tokens';
import { deviceCookieAfterSignIn } from '@/lib/auth/device-cookie';
import { admit, signedIn, Throttled, type LoginClient } from '@/lib/auth/login-throttle';
import { asUnavailable } from '@/lib/db/faults';
import { invalidate } from '@/lib/cache';
import { SETTINGS_TAG } from '@/lib/settings';
import { loginSchema, registerSchema, userFlagsSchema } from './schema';
import { Prisma, type User } from '@/lib/generated/prisma/client';
import { mailDecision, notifyRegistrations } from '@/lib/mail/notify';
import { admitSignup, refundSignup } from '@/lib/auth/signup-throttle';
import { changedFields, recordActivity, type Who } from '@/lib/activity';
import { logSignInEvent } from './sign-in-log';

export type PublicUser = Pick<User, 'id' | 'name' | 'email' | 'isAdmin' | 'isMiniAdmin' | 'createdAt'>;
const publicFields = { id: true, name: true, email: true, isAdmin: true, isMiniAdmin: true, createdAt: true } as const;

export interface SignupClient {
  /** From `clientAddress` (lib/auth/client-address.ts): the socket's or the trusted proxy's. */
  address: string;
}

/**
 * Registration always creates a pending account: no flag until an Admin grants one. The one write
 * path of /SignUp (both languages) and POST /api/register. Valid input is counted under the sign-up
 * limits (lib/auth/signup-throttle.ts) before anything else: a refused sign-up looks nothing up,
 * hashes nothing and stores nothing. One refused because the e-mail is taken still counts, so the
 * limit also bounds probing which e-mails have accounts.
 */
export async function register(raw: Record<string, unknown>, client: SignupClient): Promise<PublicUser> {
  const parsed = registerSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const { name, email, password } = parsed.data;
  if (!(await signupIsOpen())) throw forbidden('signupClosed');
  await admitSignup(client.address);
  assertStrongPassword(password, [name, email]);
  if (await db.user.findUnique({ where: { email } })) throw invalid({ email: ['emailTaken'] });
  const passwordHash = await hashPassword(password);
  try {
    // The Admins' digest is queued (or brought up to date) with the account: both or neither (lib/mail/outbox.ts).
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { name, email, passwordHash }, select: publicFields });
      await notifyRegistrations(tx);
      // By the person signing up (not signed in yet, so the account itself names them).
      await recordActivity(tx, {
        actor: { id: user.id, name: user.name, email: user.email },
        address: client.address,
        kind: 'create',
        entity: 'users',
        entityId: user.id,
        changes: changedFields(null, user, ['name', 'email']),
      });
      return user;
    });
  } catch (error) {
    // Lost a race with the same email; anything else (the database down) is not the client's doing.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw invalid({ email: ['emailTaken'] });
    await refundSignup(client.address).catch(() => undefined);
    throw error;
  }
}

/**
 * Checks credentials under the sign-in throttle (lib/auth/login-throttle.ts). An unknown email
 * and a wrong password take the same time and give the same error; a pending account with the
 * right password is told it awaits approval (and gets no token). `device` is the device cookie to
 * set after a successful sign-in (null without AUTH_SECRET to sign it). `twoFactor`: the password
 * was right but the account uses two-factor sign-in, so no session or token may be issued yet
 * (lib/entities/user/two-factor.ts takes the code; no device cookie until then).
 *
 * The activity log (issue 34) gets the refusals and the password step of a two-factor sign-in,
 * counted per window (`logSignInEvent`); "Signed in" is written by `openSignIn` with the session.
 */
export async function verifyLogin(raw: Record<string, unknown>, client: LoginClient): Promise<LoginResult> {
  // Database down: "the service is unavailable", never a verdict on the password.
  const result = await checkLogin(raw, client).catch(async (error: unknown) => {
    // Malformed input checked no password and counts under no limit: not logged (it could grow
    // the log without bound). A refusal is still a refusal if its entry cannot be written.
    if (error instanceof AppError && error.code !== 'invalid') {
      const kind = error.status === 429 ? 'signInThrottled' : 'signInRefused';
      await logSignInEvent(kind, client, raw.email, error.code, { byAddress: error instanceof Throttled && error.byAddress }).catch(
        (logError: unknown) => console.error('[activity] refused sign-in not logged:', logError),
      );
    }
    throw asUnavailable(error);
  });
  if (result.twoFactor) {
    await logSignInEvent('signInPassword', client, result.user.email, 'twoFactorRequired', { account: result.user }).catch(
      (error: unknown) => {
        throw asUnavailable(error);
      },
    );
  }
  return result;
}

export interface LoginResult {
  user: PublicUser;
  device: string | null;
  twoFactor: boolean;
  /** The second step was a recovery code (logged as its own kind). */
  recoveryCode?: boolean;
}

async function checkLogin(raw: Record<string, unknown>, client: LoginClient): Promise<LoginResult> {
  const parsed = loginSchema.safeParse(raw);
  // Malformed input (no email, 10 KB of it, control characters) checks no password, so it is
  // refused before it can key a rate-limit row or reach an index.
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const email = parsed.data.email;
  const admission = await admit(email, client);
  const user = await db.user.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash ?? null, parsed.data.password);
  if (!user || !ok) throw new AppError(401, 'invalidCredentials');
  const twoFactor = user.twoFactorEnabledAt !== null;
  await signedIn(email, client, admission, !twoFactor);
  if (!user.isAdmin && !user.isMiniAdmin) throw forbidden('awaitingApproval');
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: user.isAdmin,
      isMiniAdmin: user.isMiniAdmin,
      createdAt: user.createdAt,
    },
    device: twoFactor ? null : deviceCookieAfterSignIn(client.device, email),
    twoFactor,
  };
}

/** How many accounts there are, and how many wait for an Admin's decision (two counts: the dashboard). */
export async function userCounts(): Promise<{ total: number; pending: number }> {
  const [total, pending] = await Promise.all([db.user.count(), pendingUserCount()]);
  return { total, pending };
}

/** Pending accounts first (they need a decision), then the rest by age. The old client's whole list (/api/user). */
export async function listUsers(options: { exceptId?: number } = {}): Promise<PublicUser[]> {
  const users = await db.user.findMany({
    where: options.exceptId ? { id: { not: options.exceptId } } : undefined,
    select: publicFields,
    orderBy: { id: 'asc' },
  });
  return [...users.filter((u) => !u.isAdmin && !u.isMiniAdmin), ...users.filter((u) => u.isAdmin || u.isMiniAdmin)];
}

/** People per page of /Admin/Users. */
export const USERS_PAGE_SIZE = 50;

export interface UserPage {
  users: PublicUser[];
  /** Matching the search. */
  total: number;
  pages: number;
  page: number;
  /** Over everyone, whatever the search: the Admins (the last one cannot be demoted) and those waiting. */
  admins: number;
  pending: number;
}

/**
 * /Admin/Users, a page at a time, searched by name or e-mail (case-insensitive substring).
 * Bounded whatever the number of accounts.
 */
export async function pageUsers(options: { q?: string; page?: number } = {}): Promise<UserPage> {
  const q = (options.q ?? '').trim().slice(0, 100);
  // A substring, its LIKE wildcards taken literally.
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const match = q ? Prisma.sql`WHERE name ILIKE ${pattern} OR email ILIKE ${pattern}` : Prisma.empty;
  const [[counted], admins, pending] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM users ${match}`,
    db.user.count({ where: { isAdmin: true } }),
    pendingUserCount(),
  ]);
  const total = counted?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page ?? 1), pages);
  // Pending first (they need a decision), then the newest first, so the applicant or colleague
  // added today is on the first page whatever the number of accounts.
  const ids = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM users ${match}
    ORDER BY (is_admin OR is_mini_admin), id DESC
    LIMIT ${USERS_PAGE_SIZE} OFFSET ${(page - 1) * USERS_PAGE_SIZE}`;
  const rows = await db.user.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: publicFields });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const users = ids.flatMap(({ id }) => byId.get(id) ?? []);
  return { users, total, pages, page, admins, pending };
}

/** Accounts waiting for a decision (the menu's badge on Users). */
export const pendingUserCount = () => db.user.count({ where: { isAdmin: false, isMiniAdmin: false } });

/** Whether anyone may ask for an account (the spec's default), or it is by invitation only. */
export async function signupIsOpen(): Promise<boolean> {
  const row = await db.siteSettings.findUnique({ where: { id: 1 }, select: { signupOpen: true } });
  return row?.signupOpen ?? true;
}

export async function getUser(raw: unknown): Promise<PublicUser> {
  const id = parseId(raw);
  const user = id ? await db.user.findUnique({ where: { id }, select: publicFields }) : null;
  if (!user) throw notFound();
  return user;
}

const isPendingRow = (user: { isAdmin: boolean; isMiniAdmin: boolean }) => !user.isAdmin && !user.isMiniAdmin;

// Serialises changes to Admin flags so two concurrent demotions cannot remove the last Admin.
const ADMIN_LOCK = 5_551_001;

export async function setFlags(rawId: unknown, raw: Record<string, unknown>, who: Who): Promise<PublicUser> {
  const id = parseId(rawId);
  if (!id) throw notFound();
  const parsed = userFlagsSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const flags = parsed.data;
  const user = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIN_LOCK})`;
    const current = await tx.user.findUnique({ where: { id } });
    if (!current) throw notFound();
    if (current.isAdmin && !flags.isAdmin && (await tx.user.count({ where: { isAdmin: true } })) <= 1) {
      throw conflict('lastAdmin');
    }
    const updated = await tx.user.update({ where: { id }, data: flags, select: publicFields });
    // Approved (from pending to a role, here or through the old client): the applicant is told.
    if (isPendingRow(current) && !isPendingRow(updated)) await mailDecision(tx, { userId: id, to: current.email, approved: true });
    const changes = changedFields(current, updated, ['isAdmin', 'isMiniAdmin']);
    // A pending account given a role is approved; any other change of roles is an update.
    const approval = !current.isAdmin && !current.isMiniAdmin && (updated.isAdmin || updated.isMiniAdmin);
    if (Object.keys(changes).length)
      await recordActivity(tx, { ...who, kind: approval ? 'approval' : 'update', entity: 'users', entityId: id, changes });
    return updated;
  });
  // Back to pending: every token and session of theirs stops working now.
  if (!user.isAdmin && !user.isMiniAdmin) await revokeAllTokens(user.id);
  return user;
}

const renameSchema = z.object({ name: requiredText(100) });

/** A person's own name (their account page): the one column, logged as an update of the account. */
export async function renameUser(me: { id: number }, raw: Record<string, unknown>, who: Who): Promise<PublicUser> {
  const parsed = renameSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return db.$transaction(async (tx) => {
    const current = await tx.user.findUnique({ where: { id: me.id } });
    if (!current) throw notFound();
    const updated = await tx.user.update({ where: { id: me.id }, data: { name: parsed.data.name }, select: publicFields });
    const changes = changedFields(current, updated, ['name']);
    if (Object.keys(changes).length) await recordActivity(tx, { ...who, kind: 'update', entity: 'users', entityId: me.id, changes });
    return updated;
  });
}

export async function removeUser(rawId: unknown, who: Who, options: { onlyPending?: boolean } = {}): Promise<void> {
  const id = parseId(rawId);
  if (!id) throw notFound();
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIN_LOCK})`;
    const current = await tx.user.findUnique({ where: { id } });
    if (!current) throw notFound();
    // Checked under the lock: an applicant approved a moment ago is no longer one to turn down.
    if (options.onlyPending && !isPendingRow(current)) throw conflict('notPending');
    if (current.isAdmin && (await tx.user.count({ where: { isAdmin: true } })) <= 1) throw conflict('lastAdmin');
    await tx.user.delete({ where: { id } }); // tokens cascade
    // A pending applicant deleted is an applicant turned down: they are told, not left waiting.
    if (isPendingRow(current)) await mailDecision(tx, { userId: id, to: current.email, approved: false });
    // Who the account was; never its password hash (changedFields leaves secrets out). Not restorable: no snapshot.
    const changes = changedFields(current, null, ['name', 'email', 'isAdmin', 'isMiniAdmin']);
    await recordActivity(tx, { ...who, kind: 'delete', entity: 'users', entityId: id, changes });
  });
}

/** /Admin/Users' Approve: a pending account gets its role (setFlags mails the applicant). */
export async function approvePending(rawId: unknown, role: 'admin' | 'mini', who: Who): Promise<void> {
  const user = await getUser(rawId);
  if (!isPendingRow(user)) throw conflict('notPending');
  await setFlags(user.id, { isAdmin: role === 'admin', isMiniAdmin: true }, who);
}

/** /Admin/Users' Reject: a pending account is removed (removeUser mails the applicant). */
export async function rejectPending(rawId: unknown, who: Who): Promise<void> {
  await removeUser(rawId, who, { onlyPending: true });
}

/** Open sign-up (`open`) or invitation only (`invite`). */
export async function setSignupOpen(raw: unknown): Promise<void> {
  if (raw !== 'open' && raw !== 'invite') throw invalid({ signup: ['invalidId'] });
  const signupOpen = raw === 'open';
  // Raw SQL, so `updated_at` stays: it is the version of the settings form (texts and files,
  // lib/settings/save.ts), and a switch saved on another screen must not make an Admin's open
  // settings form a stale save (measured: the Settings e2e refused while the Users one switched).
  await db.$executeRaw`INSERT INTO site_settings (id, signup_open, updated_at) VALUES (1, ${signupOpen}, now())
    ON CONFLICT (id) DO UPDATE SET signup_open = EXCLUDED.signup_open`;
  // The sign-up and sign-in pages show the mode; their cached copies go.
  await invalidate(SETTINGS_TAG);
}

/** Creates or promotes an approved Admin (start-up environment or `npm run admin:create`). */
export async function ensureAdmin(email: string, password: string, name?: string): Promise<PublicUser> {
  const normalized = email.trim().toLowerCase();
  const parsed = registerSchema.safeParse({ name: name || 'Administrator', email: normalized, password, passwordConfirmation: password });
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  assertStrongPassword(password, [parsed.data.name, normalized]);
  const passwordHash = await hashPassword(password);
  return db.user.upsert({
    where: { email: normalized },
    create: { name: parsed.data.name, email: normalized, passwordHash, isAdmin: true, isMiniAdmin: true },
    update: { passwordHash, isAdmin: true, isMiniAdmin: true, ...(name ? { name } : {}) },
    select: publicFields,
  });
}
