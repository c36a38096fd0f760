'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { saveUserFlags } from '@/lib/admin/user-actions';
import { scriptedForm } from '@/lib/http/scripted-form';
import { CONFIRM_DELETE_ID, USER_ID_FIELD } from '@/lib/admin/areas';
import { useScripted } from '@/components/ui/use-scripted';
import type { ActionResult } from '@/lib/admin/action-kit';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { ApprovalButtons } from './approval-buttons';
import { DeleteButton } from './delete-button';
import { ResetLinkMaker } from './reset-link-maker';
import { TwoFactorReset } from './two-factor-reset';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  isAdmin: boolean;
  isMiniAdmin: boolean;
  /** Signs in with two-factor (an Admin can reset it). */
  twoFactor: boolean;
}

/** Flags are toggled locally and saved only on Save, as in the old screen. */
/** `adminCount`: the Admins over all accounts (a page shows some of them), so the last one is protected. */
export function UsersTable({
  users,
  meId,
  adminCount,
  kept,
  confirmHref,
}: {
  users: UserRow[];
  meId: number;
  adminCount: number;
  /** The screen's search and page, sent along by the forms without scripts. */
  kept: Record<string, string>;
  /** This screen's address with `confirmDelete=` last: a card's Delete before scripts run adds its id. */
  confirmHref: string;
}) {
  const t = useTranslations('admin.users');
  const ta = useTranslations('admin');
  if (!users.length) return <p>{t('empty')}</p>;
  return (
    <>
      <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300">{t('lastAdminNote')}</p>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="users">
        {users.map((user) => (
          <UserCard
            key={user.id}
            user={user}
            me={user.id === meId}
            lastAdmin={user.isAdmin && adminCount === 1}
            deleteLabel={ta('deleteTitle')}
            deleteText={t('deleteText', { email: user.email })}
            kept={kept}
            confirmHref={`${confirmHref}${user.id}#${CONFIRM_DELETE_ID}`}
          />
        ))}
      </ul>
    </>
  );
}

function UserCard({
  user,
  me,
  lastAdmin,
  deleteLabel,
  deleteText,
  kept,
  confirmHref,
}: {
  user: UserRow;
  me: boolean;
  lastAdmin: boolean;
  deleteLabel: string;
  deleteText: string;
  kept: Record<string, string>;
  confirmHref: string;
}) {
  const t = useTranslations('admin.users');
  const ta = useTranslations('admin');
  const errors = useTranslations('errors');
  const router = useRouter();
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);
  const [isMiniAdmin, setIsMiniAdmin] = useState(user.isMiniAdmin);
  const [busy, setBusy] = useState(false);
  const [, flagsAction] = useActionState(saveUserFlags, null);
  const scripted = useScripted();
  const locale = useLocale();
  const pending = !user.isAdmin && !user.isMiniAdmin;
  const dirty = isAdmin !== user.isAdmin || isMiniAdmin !== user.isMiniAdmin;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault(); // React then leaves the form's action alone
    if (busy || !dirty) return;
    const form = scriptedForm(event.currentTarget);
    setBusy(true);
    const result = await saveUserFlags(null, form).catch((): ActionResult => ({ ok: false, error: 'server' }));
    setBusy(false);
    if (result.ok) {
      toast.success(t('saved'), { duration: TIMINGS.successToastMs });
      router.refresh();
    } else {
      toast.error(result.error === 'lastAdmin' ? errors('lastAdmin') : t('saveFailed'), { duration: TIMINGS.defaultToastMs });
      setIsAdmin(user.isAdmin);
      setIsMiniAdmin(user.isMiniAdmin);
    }
  }

  return (
    <li
      className={`rounded-2xl p-4 ring-1 ${pending ? 'bg-amber-50 ring-amber-400 dark:bg-amber-950/40' : 'bg-white ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800'}`}
      data-testid="user-card"
      data-email={user.email}
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-bold" dir="ltr">
          <bdi dir="ltr" className="break-all">
            {user.email}
          </bdi>
        </p>
        {pending && <span className="rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-black">{t('pending')}</span>}
        {me && <span className="rounded-full bg-zinc-700 px-2 py-0.5 text-xs font-bold text-white">{t('you')}</span>}
        {user.twoFactor && (
          <span className="rounded-full bg-green-800 px-2 py-0.5 text-xs font-bold text-white" data-testid="two-factor-badge">
            {t('twoFactorBadge')}
          </span>
        )}
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{user.name}</p>
      {/* Without scripts the browser posts the boxes to the same action, which answers with the screen. */}
      <form action={flagsAction} onSubmit={onSubmit}>
        <input type="hidden" name="locale" value={locale} />
        <input type="hidden" name={USER_ID_FIELD} value={user.id} />
        {Object.entries(kept).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        {/* A disabled box is not posted: the last Admin stays one. */}
        {lastAdmin && <input type="hidden" name="isAdmin" value="1" />}
        <fieldset className="mt-3 flex flex-wrap gap-4">
          <legend className="sr-only">{user.email}</legend>
          {(
            [
              ['isAdmin', isAdmin, setIsAdmin, lastAdmin, 'flag-admin', t('admin')],
              ['isMiniAdmin', isMiniAdmin, setIsMiniAdmin, false, 'flag-mini', t('miniAdmin')],
            ] as const
          ).map(([name, checked, set, locked, testId, label]) => (
            <label key={name} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                name={name}
                value="1"
                checked={checked}
                disabled={locked}
                onChange={(e) => set(e.target.checked)}
                className="size-5 accent-brand"
                data-testid={testId}
              />
              {label}
            </label>
          ))}
        </fieldset>
        {lastAdmin && <p className="mt-2 text-sm font-semibold text-amber-800 dark:text-amber-300">{errors('lastAdmin')}</p>}
        <div className="mt-4 flex gap-2">
          {/* Before scripts run the boxes' state is the browser's: the button stays usable. */}
          <button type="submit" disabled={scripted && (busy || !dirty)} className="btn-primary" data-testid="save-user">
            {busy ? ta('loading') : ta('save')}
          </button>
          {!lastAdmin && (
            <DeleteButton
              target="users"
              id={user.id}
              title={deleteLabel}
              text={deleteText}
              success={t('deleted')}
              failure={t('deleteFailed')}
              confirmHref={confirmHref}
            />
          )}
        </div>
      </form>
      {pending && <ApprovalButtons userId={user.id} email={user.email} />}
      {!me && (
        <div className="mt-3">
          <ResetLinkMaker userId={user.id} email={user.email} />
        </div>
      )}
      {!me && user.twoFactor && (
        <div className="mt-3">
          <TwoFactorReset userId={user.id} email={user.email} />
        </div>
      )}
    </li>
  );
}
