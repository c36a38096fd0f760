'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useFormFeedback } from '@/components/auth/use-form-feedback';
import { useActionState, useEffect, useRef } from 'react';
import { useUnsavedChanges } from './unsaved-changes';
import { useRouter } from '@/lib/i18n/navigation';
import { inviteUser } from '@/lib/admin/user-actions';

/** Invite a colleague by e-mail with a role; the link is shown too, to send another way. Works without scripts. */
export function InviteForm() {
  const t = useTranslations('admin.users');
  const locale = useLocale();
  const [state, action, pending] = useActionState(inviteUser, null);
  const { failed, error, refusal } = useFormFeedback(state);
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  // A typed address asks before leaving (after a send React empties the form: nothing left).
  useUnsavedChanges(form);
  // The pending invitations below are the server's: drawn again with the new one.
  useEffect(() => {
    if (state?.ok) router.refresh();
  }, [state, router]);
  const emailError = error('email');
  return (
    <div className="grid gap-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('inviteIntro')}</p>
      <form ref={form} action={action} className="flex flex-wrap items-end gap-3" data-testid="invite-form" noValidate>
        <input type="hidden" name="locale" value={locale} />
        <label className="grid min-w-64 flex-1 gap-1 font-semibold">
          {t('inviteEmail')}
          <input
            name="email"
            type="email"
            dir="ltr"
            required
            autoComplete="off"
            defaultValue={failed?.values?.email}
            aria-invalid={Boolean(emailError)}
            aria-describedby={emailError ? 'invite-email-error' : undefined}
            className="field-input"
          />
        </label>
        <label className="grid gap-1 font-semibold">
          {t('inviteRole')}
          <select name="role" defaultValue="mini" className="field-input">
            <option value="mini">{t('miniAdmin')}</option>
            <option value="admin">{t('admin')}</option>
          </select>
        </label>
        <button type="submit" disabled={pending} className="btn-primary" data-testid="invite-submit">
          {t('inviteSubmit')}
        </button>
      </form>
      {emailError && (
        <p id="invite-email-error" role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
          {emailError}
        </p>
      )}
      {refusal && (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      {state?.ok && state.url && (
        <div className="grid gap-2 rounded-lg bg-zinc-100 p-3 text-sm dark:bg-zinc-800" data-testid="invitation-link">
          <p role="status">{t('invited', { email: state.email ?? '' })}</p>
          <input
            readOnly
            value={state.url}
            dir="ltr"
            aria-label={t('invited', { email: state.email ?? '' })}
            className="field-input font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="invitation-url"
          />
        </div>
      )}
    </div>
  );
}
