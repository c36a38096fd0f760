import 'server-only';
import { db } from '@/lib/db/client';
import { AppError, conflict, forbidden, invalid, notFound, tooManyRequests } from '@/lib/errors';
import { config } from '@/lib/config';
import { fieldErrors } from '@/lib/entities/fields';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { revokeAllTokens } from '@/lib/auth/tokens';
import { hit, peek, reset } from '@/lib/auth/rate-limit';
import { asUnavailable } from '@/lib/db/faults';
import { loginSchema, registerSchema, userFlagsSchema } from './schema';
import type { User } from '@/lib/generated/prisma/client';

export type PublicUser = Pick<User, 'id' | 'name' | 'email' | 'isAdmin' | 'isMiniAdmin' | 'createdAt'>;
const publicFields = { id: true, name: true, email: true, isAdmin: true, isMiniAdmin: true, createdAt: true } as const;

/** Registration always creates a pending account: no flag until an Admin grants one. */
export async function register(raw: Record<string, unknown>): Promise<PublicUser> {
  const parsed = registerSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const { name, email, password } = parsed.data;
  if (await db.user.findUnique({ where: { email } })) throw invalid({ email: ['emailTaken'] });
  try {
    return await db.user.create({
      data: { name, email, passwordHash: await hashPassword(password) },
      select: publicFields,
    });
  } catch {
    // Lost a race with the same email.
    throw invalid({ email: ['emailTaken'] });
  }
}

/**
 * Checks credentials with per-IP and per-account limits. An unknown email and a wrong password
 * take the same time and give the same error; a pending account with the right password is told
 * it awaits approval (and gets no token).
 */
export async function verifyLogin(raw: Record<string, unknown>, ip: string): Promise<PublicUser> {
  // Database down: "the service is unavailable", never a verdict on the password.
  return checkLogin(raw, ip).catch((error: unknown) => {
    throw asUnavailable(error);
  });
}

async function checkLogin(raw: Record<string, unknown>, ip: string): Promise<PublicUser> {
  const parsed = loginSchema.safeParse(raw);
  const email = parsed.success ? parsed.data.email : String(raw.email ?? '').trim().toLowerCase();
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:account:${email}`;
  const window = config.loginRate.windowSeconds;
  if ((await hit(ipKey, window)) > config.loginRate.perIp) throw tooManyRequests();
  if ((await peek(accountKey)) >= config.loginRate.perAccount) throw tooManyRequests();
  const user = parsed.success ? await db.user.findUnique({ where: { email } }) : null;
  const ok = await verifyPassword(user?.passwordHash ?? null, parsed.success ? parsed.data.password : '');
  if (!user || !ok) {
    await hit(accountKey, window);
    throw new AppError(401, 'invalidCredentials');
  }
  await reset(accountKey);
  if (!user.isAdmin && !user.isMiniAdmin) throw forbidden('awaitingApproval');
  return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, isMiniAdmin: user.isMiniAdmin, createdAt: user.createdAt };
}

/** Pending accounts first (they need a decision), then the rest by age. */
export async function listUsers(options: { exceptId?: number } = {}): Promise<PublicUser[]> {
  const users = await db.user.findMany({
    where: options.exceptId ? { id: { not: options.exceptId } } : undefined,
    select: publicFields,
    orderBy: { id: 'asc' },
  });
  return [...users.filter((u) => !u.isAdmin && !u.isMiniAdmin), ...users.filter((u) => u.isAdmin || u.isMiniAdmin)];
}

export async function getUser(id: number): Promise<PublicUser> {
  const user = Number.isSafeInteger(id) && id > 0 ? await db.user.findUnique({ where: { id }, select: publicFields }) : null;
  if (!user) throw notFound();
  return user;
}

// Serialises changes to Admin flags so two concurrent demotions cannot remove the last Admin.
const ADMIN_LOCK = 5_551_001;

export async function setFlags(id: number, raw: Record<string, unknown>): Promise<PublicUser> {
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
    return tx.user.update({ where: { id }, data: flags, select: publicFields });
  });
  // Back to pending: every token and session of theirs stops working now.
  if (!user.isAdmin && !user.isMiniAdmin) await revokeAllTokens(user.id);
  return user;
}

export async function removeUser(id: number): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIN_LOCK})`;
    const current = await tx.user.findUnique({ where: { id } });
    if (!current) throw notFound();
    if (current.isAdmin && (await tx.user.count({ where: { isAdmin: true } })) <= 1) throw conflict('lastAdmin');
    await tx.user.delete({ where: { id } }); // tokens cascade
  });
}

/** Creates or promotes an approved Admin (start-up environment or `npm run admin:create`). */
export async function ensureAdmin(email: string, password: string, name?: string): Promise<PublicUser> {
  const normalized = email.trim().toLowerCase();
  const parsed = registerSchema.safeParse({ name: name || 'Administrator', email: normalized, password, passwordConfirmation: password });
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const passwordHash = await hashPassword(password);
  return db.user.upsert({
    where: { email: normalized },
    create: { name: parsed.data.name, email: normalized, passwordHash, isAdmin: true, isMiniAdmin: true },
    update: { passwordHash, isAdmin: true, isMiniAdmin: true, ...(name ? { name } : {}) },
    select: publicFields,
  });
}
