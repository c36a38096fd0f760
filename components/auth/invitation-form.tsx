'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { acceptInvite } from '@/lib/auth/actions';
import { AuthField } from './auth-field';
import { AuthNotice } from './auth-notice';
import { NewPasswordFields } from './new-password-fields';
import { useFormFeedback } from './use-form-feedback';

/**
 * An invitation's form: a name and a password; the address and the role come with the link. Works
 * without scripts. Accepted, the person is signed in and the action goes on to the back office, with
 * scripts or without; "sign in" only when that sign-in was refused.
 */
export function InvitationForm({ token, intro }: { token: string; intro: string }) {
  const t = useTranslations('auth');
  const locale = useLocale();
  const [state, action, pending] = useActionState(acceptInvite, null);
  const { failed, error, refusal } = useFormFeedback(state);

  if (state?.ok)
    return (
      <AuthNotice
        title={t('invitationTitle')}
        text={t('invitationDone')}
        tone="done"
        testId="invitation-done"
        link={{ href: '/LogIn', label: t('signIn') }}
      />
    );
  return (
    <form action={action} className="grid gap-4" data-testid="invitation-form" noValidate>
      <h1 className="text-2xl font-extrabold">{t('invitationTitle')}</h1>
      <p className="text-zinc-700 dark:text-zinc-300">{intro}</p>
      <input type="hidden" name="token" value={token} />
      {/* The back office opens in the page's language once the account is made and signed in. */}
      <input type="hidden" name="locale" value={locale} />
      <AuthField
        name="name"
        type="text"
        label={t('nameLabel')}
        placeholder={t('namePlaceholder')}
        autoComplete="name"
        error={error('name')}
        defaultValue={failed?.values?.name}
      />
      <NewPasswordFields label={t('passwordLabel')} error={error} />
      {refusal && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="invitation-error">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={pending} className="btn-primary" data-testid="invitation-submit">
        {pending ? t('working') : t('invitationSubmit')}
      </button>
    </form>
  );
}
