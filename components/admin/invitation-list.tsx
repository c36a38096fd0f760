import { getTranslations } from 'next-intl/server';
import { revokeInvite } from '@/lib/admin/user-actions';
import type { PendingInvitation } from '@/lib/entities/user/invitations';
import { formatWhen } from '@/lib/i18n/dates';

/**
 * The invitations that can still be accepted (issue 34), each with its Revoke: a plain form to a
 * server action, so it works without scripts; the screen comes back saying what happened.
 */
export async function InvitationList({
  invitations,
  locale,
  kept,
}: {
  invitations: readonly PendingInvitation[];
  locale: string;
  /** The list's search and page, kept by the form. */
  kept: Record<string, string>;
}) {
  const t = await getTranslations('admin.users');
  if (invitations.length === 0) return <p data-testid="invitations-empty">{t('invitationsEmpty')}</p>;
  return (
    <ul className="grid gap-3" data-testid="invitations">
      {invitations.map((invitation) => (
        <li
          key={invitation.id}
          className="flex min-w-0 flex-wrap items-center justify-between gap-3 rounded-lg p-3 ring-1 ring-zinc-200 dark:ring-zinc-800"
          data-testid="invitation"
        >
          <div className="min-w-0 text-sm">
            <p className="font-semibold break-all">
              <bdi dir="ltr">{invitation.email}</bdi> · {t(invitation.role === 'admin' ? 'admin' : 'miniAdmin')}
            </p>
            <p className="text-zinc-700 dark:text-zinc-300">
              {t('invitationBy', { name: invitation.invitedBy, expires: formatWhen(invitation.expiresAt, locale) })}
            </p>
          </div>
          <form action={revokeInvite}>
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="invitationId" value={invitation.id} />
            {Object.entries(kept).map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
            <button
              type="submit"
              className="btn-danger"
              data-testid="revoke-invitation"
              aria-label={t('revokeFor', { email: invitation.email })}
            >
              {t('revoke')}
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}
