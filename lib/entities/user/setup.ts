import 'server-only';
import { recordActivity } from '@/lib/activity';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { STARTUP_TRANSACTION } from '@/lib/db/startup-transaction';
import { AppError, invalid } from '@/lib/errors';
import { fieldErrors } from '@/lib/entities/fields';
import { createLink, findLink, LINK_LIFETIME_MS, useLink } from '@/lib/auth/account-links';
import { hashPassword } from '@/lib/auth/password';
import { assertStrongPassword } from '@/lib/auth/password-rules';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { registerSchema } from './schema';

// The first start's way in (issue 35, item 5): while the site has no Admin and ADMIN_EMAIL /
// ADMIN_PASSWORD are not set, `npm start` prints a one-time link (lib/auth/account-links.ts:
// 32 random bytes, only their hash stored, SETUP_LINK_MINUTES). /Setup asks a name, an e-mail
// and a password (the product's rules) and makes the first Admin, approved. The link is refused
// once used, once expired, and as soon as any Admin exists (however that Admin was made).

export const setupUrl = (token: string) => `${config.siteUrl}/Setup?token=${token}`;

/** "60 minutes", or "3 seconds" for a lifetime under a minute (the tests' expired link). */
const lifetimeWords = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} seconds`);

const noAdmin = async (client: Pick<PrismaClient, 'user'>) => (await client.user.count({ where: { isAdmin: true } })) === 0;

/**
 * At start-up, while there is no Admin: a new set-up link (the earlier ones are used up, so only
 * the last printed link works). Null when an Admin exists.
 */
export async function createSetupLink(client: PrismaClient = db): Promise<{ url: string; lifetime: string } | null> {
  if (!(await noAdmin(client))) return null;
  return client.$transaction(async (tx) => {
    await tx.accountLink.updateMany({ where: { purpose: 'setup', usedAt: null }, data: { usedAt: new Date() } });
    const link = await createLink(tx, { purpose: 'setup', email: '' });
    return { url: setupUrl(link.token), lifetime: lifetimeWords(LINK_LIFETIME_MS.setup) };
  }, STARTUP_TRANSACTION);
}

/** Whether `token` is a set-up link that can still be used (unused, unexpired, and no Admin yet). */
export async function openSetup(token: unknown): Promise<boolean> {
  const link = await findLink(db, token, 'setup');
  return link !== null && (await noAdmin(db));
}

/** Makes the first Admin from the set-up form (`token`, `name`, `email`, `password`, `passwordConfirmation`); the link is used in the same transaction. */
export async function completeSetup(raw: Record<string, unknown>, address: string): Promise<{ email: string }> {
  if (!(await openSetup(raw.token))) throw new AppError(410, 'linkExpired');
  const parsed = registerSchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const { name, email } = parsed.data;
  assertStrongPassword(parsed.data.password, [name, email]);
  const passwordHash = await hashPassword(parsed.data.password);
  return db.$transaction(async (tx) => {
    if (!(await useLink(tx, raw.token, 'setup'))) throw new AppError(410, 'linkExpired');
    // An Admin made meanwhile (ADMIN_EMAIL on another instance, admin:create) closes the link.
    if (!(await noAdmin(tx))) throw new AppError(410, 'linkExpired');
    const user = await tx.user.upsert({
      where: { email },
      create: { name, email, passwordHash, isAdmin: true, isMiniAdmin: true },
      update: { name, passwordHash, isAdmin: true, isMiniAdmin: true },
    });
    await recordActivity(tx, {
      actor: { id: user.id, name: user.name, email: user.email },
      address,
      kind: 'create',
      entity: 'users',
      entityId: user.id,
      detail: 'first Admin (set-up link)',
    });
    return { email: user.email };
  });
}
