'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { createFirstAdmin } from '@/lib/auth/actions';
import { AuthField } from './auth-field';
import { AuthNotice } from './auth-notice';
import { NewPasswordFields } from './new-password-fields';
import { useFormFeedback } from './use-form-feedback';

/** The set-up link's form: the first Admin's name, e-mail and password. Works without scripts. */
export function SetupForm({ token }: { token: string }) {
  const t = useTranslations('auth');
  const [state, action, pending] = useActionState(createFirstAdmin, null);
  const { failed, error, refusal } = useFormFeedback(state);

  if (state?.ok)
    return (
      <AuthNotice
        title={t('setupTitle')}
        text={t('setupDone')}
        tone="done"
        testId="setup-done"
        link={{ href: '/LogIn', label: t('signIn') }}
      />
    );
  return (
    <form action={action} className="grid gap-4" data-testid="setup-form" noValidate>
      <h1 className="text-2xl font-extrabold">{t('setupTitle')}</h1>
      <p className="text-zinc-700 dark:text-zinc-300">{t('setupIntro')}</p>
      <input type="hidden" name="token" value={token} />
      <AuthField
        name="name"
        type="text"
        label={t('nameLabel')}
        placeholder={t('namePlaceholder')}
        autoComplete="name"
        error={error('name')}
        defaultValue={failed?.values?.name}
      />
      <AuthField
        name="email"
        type="email"
        label={t('emailLabel')}
        placeholder={t('emailPlaceholder')}
        autoComplete="email"
        error={error('email')}
        defaultValue={failed?.values?.email}
      />
      <NewPasswordFields label={t('passwordLabel')} error={error} />
      {refusal && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="setup-error">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={pending} className="btn-primary" data-testid="setup-submit">
        {pending ? t('working') : t('setupSubmit')}
      </button>
    </form>
  );
}
