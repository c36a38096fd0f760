import { getTranslations } from 'next-intl/server';
import { AdminLink } from '@/components/admin/admin-link';
import { InvitationList } from '@/components/admin/invitation-list';
import { InviteForm } from '@/components/admin/invite-form';
import { PlainDeleteConfirm } from '@/components/admin/plain-delete-confirm';
import { SignupModeForm } from '@/components/admin/signup-mode-form';
import { UsersTable } from '@/components/admin/users-table';
import { deleteUser } from '@/lib/admin/user-actions';
import { USER_ID_FIELD } from '@/lib/admin/areas';
import type { SearchParams } from '@/lib/admin/screen';
import type { CurrentUser } from '@/lib/auth/guard';
import { listInvitations } from '@/lib/entities/user/invitations';
import { pageUsers } from '@/lib/entities/user';
import { twoFactorUserIds } from '@/lib/entities/user/two-factor';
import { localePath } from '@/lib/pages';
import { getSiteSettings } from '@/lib/settings';

/** /Admin/Users (Admins): the accounts, searched and paged, the invitations and the sign-up mode. */
export async function UsersScreen({ locale, user, query }: { locale: string; user: CurrentUser; query: SearchParams }) {
  const t = await getTranslations('admin');
  const q = typeof query.q === 'string' ? query.q : '';
  const pageNumber = typeof query.page === 'string' ? Number.parseInt(query.page, 10) || 1 : 1;
  const [found, settings, twoFactor, invitations] = await Promise.all([
    pageUsers({ q, page: pageNumber }),
    getSiteSettings(),
    twoFactorUserIds(),
    listInvitations(),
  ]);
  const usersHref = (page: number) => ({ pathname: '/Admin/Users', query: { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) } });
  // Without scripts: the forms keep the search and page, a Delete leads to this screen's own
  // confirmation, and the answer comes back in the address (lib/admin/user-actions.ts saveUserFlags).
  const kept: Record<string, string> = { ...(q ? { q } : {}), ...(pageNumber > 1 ? { page: String(pageNumber) } : {}) };
  const keptQuery = new URLSearchParams(kept).toString();
  const listPath = `/Admin/Users${keptQuery ? `?${keptQuery}` : ''}`;
  const confirming = found.users.find((u) => String(u.id) === query.confirmDelete && !(u.isAdmin && found.admins === 1));
  const plainSaved = query.saved === 'flags' || query.saved === 'deleted' || query.saved === 'revoked' ? query.saved : undefined;
  const plainFailed = query.failed === 'flags' || query.failed === 'delete' || query.failed === 'revoke' ? query.failed : undefined;
  const savedText = { flags: 'users.saved', deleted: 'users.deleted', revoked: 'users.revoked' } as const;
  const failedText = { flags: 'users.saveFailed', delete: 'users.deleteFailed', revoke: 'users.revokeFailed' } as const;
  const te = await getTranslations('errors');
  return (
    <section className="grid gap-8">
      <h1 tabIndex={-1} className="text-3xl font-extrabold focus:outline-none">
        {t('users.title')}
      </h1>
      <p className="font-semibold" data-testid="pending-count">
        {t('users.pendingCount', { count: found.pending })}
      </p>
      <form role="search" className="flex flex-wrap items-end gap-2" data-testid="users-search">
        <label className="grid min-w-64 flex-1 gap-1 font-semibold">
          {t('users.search')}
          <input type="search" name="q" defaultValue={q} maxLength={100} className="field-input" />
        </label>
        <button type="submit" className="btn-secondary">
          {t('users.searchButton')}
        </button>
      </form>
      <div className="grid gap-4">
        <p className="text-sm" role="status">
          {t('users.count', { total: found.total })}
        </p>
        {plainSaved && (
          <p role="status" className="font-semibold" data-testid="saved-notice">
            {t(savedText[plainSaved])}
          </p>
        )}
        {plainFailed && (
          <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="user-error">
            {query.reason === 'lastAdmin' ? te('lastAdmin') : t(failedText[plainFailed])}
          </p>
        )}
        {confirming && (
          <PlainDeleteConfirm
            name={<bdi dir="ltr">{confirming.email}</bdi>}
            text={t('users.deleteText', { email: confirming.email })}
            action={deleteUser}
            fields={{ locale, [USER_ID_FIELD]: confirming.id, ...kept }}
            cancelHref={listPath}
          />
        )}
        <UsersTable
          kept={kept}
          confirmHref={`${localePath(locale, `/Admin/Users?${new URLSearchParams({ ...kept, confirmDelete: '' })}`)}`}
          users={found.users.map(({ id, name, email, isAdmin, isMiniAdmin }) => ({
            id,
            name,
            email,
            isAdmin,
            isMiniAdmin,
            twoFactor: twoFactor.has(id),
          }))}
          meId={user.id}
          adminCount={found.admins}
        />
        {found.pages > 1 && (
          <nav aria-label={t('users.pageOf', { page: found.page, pages: found.pages })} className="flex items-center gap-4">
            {found.page > 1 && (
              <AdminLink href={usersHref(found.page - 1)} rel="prev" className="btn-secondary">
                {t('users.previous')}
              </AdminLink>
            )}
            <span>{t('users.pageOf', { page: found.page, pages: found.pages })}</span>
            {found.page < found.pages && (
              <AdminLink href={usersHref(found.page + 1)} rel="next" className="btn-secondary" data-testid="users-next">
                {t('users.next')}
              </AdminLink>
            )}
          </nav>
        )}
      </div>
      <section aria-labelledby="invite-title" className="grid gap-3">
        <h2 id="invite-title" className="text-xl font-bold">
          {t('users.inviteTitle')}
        </h2>
        <InviteForm />
        <h3 className="mt-2 text-lg font-bold">{t('users.invitationsTitle')}</h3>
        <InvitationList invitations={invitations} locale={locale} kept={kept} />
      </section>
      <section aria-labelledby="signup-title" className="grid gap-3">
        <h2 id="signup-title" className="text-xl font-bold">
          {t('users.signupTitle')}
        </h2>
        <SignupModeForm open={settings.signupOpen} />
      </section>
    </section>
  );
}
