import type { TwoFactorPolicy } from '@/lib/settings/schema';

// Who may do what, as plain functions of a person's two flags: no database, no request, so the
// browser's bundle, the guard (lib/auth/guard.ts) and the entity descriptors share it one way.

/**
 * The one access decision. Admin: everything. Mini Admin: content (slider, team, services,
 * contacts, events, clients). Neither flag: pending approval, refused everywhere. `account`: the
 * person's own account (password, sessions, two-factor), open to every approved person.
 * Flags are read from the database on every request, so a change applies on the next one.
 * Under the Admins' two-factor policy (docs/accounts.md, "Two-factor sign-in"), a person it
 * covers who has not set it up may use only `account` until they do, in the back office and /api.
 */
export type Permission = 'content' | 'users' | 'account';

/** The two flags every decision reads. */
export type Flags = { isAdmin: boolean; isMiniAdmin: boolean };

export const isPending = (user: Flags) => !user.isAdmin && !user.isMiniAdmin;

export function can(user: Flags, permission: Permission): boolean {
  if (permission === 'users') return user.isAdmin;
  return user.isAdmin || user.isMiniAdmin;
}

/** Whether the two-factor policy covers this person ("admins": Admins; "everyone": every approved person). */
export const coveredBy = (policy: TwoFactorPolicy | string, user: Flags) =>
  policy === 'everyone' ? user.isAdmin || user.isMiniAdmin : policy === 'admins' ? user.isAdmin : false;
