import 'server-only';
import { cache } from 'react';
import { forbidden, unauthenticated } from '@/lib/errors';
import { findToken, touchToken, type TokenKind } from '@/lib/auth/tokens';
import { getSiteSettings } from '@/lib/settings';
import { can, coveredBy, isPending, type Permission } from './permissions';

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
  isMiniAdmin: boolean;
  /** Whether the person signs in with a two-factor code (enrolled on /Admin/Account). */
  twoFactor: boolean;
  tokenId: number;
}

/** Refuses (403 `twoFactorSetupRequired`) a person the policy covers who has not set two-factor up, outside their account. */
async function underPolicy(user: CurrentUser, permission: Permission): Promise<CurrentUser> {
  if (permission === 'account' || user.twoFactor) return user;
  if (coveredBy((await getSiteSettings()).twoFactorPolicy, user)) throw forbidden('twoFactorSetupRequired');
  return user;
}

export function authorize(user: CurrentUser | null, permission: Permission): CurrentUser {
  if (!user) throw unauthenticated();
  if (isPending(user)) throw forbidden('awaitingApproval');
  if (!can(user, permission)) throw forbidden();
  return user;
}

export async function userFromToken(plain: string | null | undefined, kind: TokenKind): Promise<CurrentUser | null> {
  const token = await findToken(plain, kind);
  if (!token) return null;
  await touchToken(token);
  const { user } = token;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    isMiniAdmin: user.isMiniAdmin,
    twoFactor: user.twoFactorEnabledAt !== null,
    tokenId: token.id,
  };
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** For /api route handlers: the bearer token decides. */
export async function requireApiUser(request: Request, permission: Permission): Promise<CurrentUser> {
  return underPolicy(authorize(await userFromToken(bearerToken(request), 'api'), permission), permission);
}

/**
 * For server components and server actions: the Auth.js session cookie decides, checked against
 * the session row and the user's current flags. Memoised per request.
 */
export const sessionUser = cache(async (): Promise<CurrentUser | null> => {
  const { auth } = await import('@/lib/auth/auth');
  const session = await auth();
  return userFromToken(session?.sessionToken, 'session');
});

export async function requireSessionUser(permission: Permission): Promise<CurrentUser> {
  return underPolicy(authorize(await sessionUser(), permission), permission);
}
