import 'server-only';
import { z } from 'zod';
import { recordActivity, recordCounted } from '@/lib/activity';
import { NOT_AN_ADDRESS, type CountedKind } from '@/lib/activity/kinds';
import type { LoginClient } from '@/lib/auth/login-throttle';
import { issueToken, type TokenKind, type TokenOrigin } from '@/lib/auth/tokens';
import { db } from '@/lib/db/client';

// What the activity log records of signing in (issue 34; docs/security.md, "The security record"):
// the events anyone can cause are counted per window, "Signed in" is written with the session.

/**
 * A sign-in's security event in the activity log, counted per kind, address, account and window
 * (lib/activity `recordCounted`). What was typed as the e-mail is kept only when it is an e-mail
 * address (never a password, never other text). The account is the one that address names, if any;
 * attempts on e-mails that name none share one entry per address, as do attempts refused by the
 * address's own budget (`byAddress`), so varying the typed text cannot add rows.
 */
export async function logSignInEvent(
  kind: CountedKind,
  client: LoginClient,
  typed: unknown,
  reason: string,
  options: { account?: { id: number } | null; byAddress?: boolean } = {},
): Promise<void> {
  const text = typeof typed === 'string' ? typed.trim().toLowerCase() : '';
  const isAddress = text.length <= 254 && z.email().safeParse(text).success;
  const account = options.byAddress
    ? null
    : options.account !== undefined
      ? options.account
      : isAddress
        ? await db.user.findUnique({ where: { email: text }, select: { id: true } })
        : null;
  await recordCounted(
    {
      actor: null,
      address: client.address,
      kind,
      entity: 'users',
      entityId: account?.id ?? null,
      detail: [reason, isAddress ? text : NOT_AN_ADDRESS].filter(Boolean).join(' '),
    },
    account ? String(account.id) : '',
  );
}

/**
 * Issues a sign-in's session (Auth.js) or the old client's token, with its "Signed in" entry in the
 * same transaction: the log says "Signed in" exactly when something that signs in was issued.
 */
export async function openSignIn(
  user: { id: number; name: string; email: string },
  how: { recoveryCode?: boolean },
  kind: TokenKind,
  origin: TokenOrigin,
): Promise<string> {
  return db.$transaction(async (tx) => {
    const token = await issueToken(user.id, kind, origin, tx);
    await recordActivity(tx, {
      actor: { id: user.id, name: user.name, email: user.email },
      address: origin.address,
      kind: how.recoveryCode ? 'signInRecoveryCode' : 'signIn',
      entity: 'users',
      entityId: user.id,
    });
    return token;
  });
}
