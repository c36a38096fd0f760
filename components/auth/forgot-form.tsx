'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { requestPasswordReset } from '@/lib/auth/actions';
import { Link } from '@/lib/i18n/navigation';
import { AuthField } from './auth-field';
import { useFormFeedback } from './use-form-feedback';

/**
 * "Forgot password": one address, one answer that says nothing about whether it has an account.
 * A plain `<form action>` with useActionState: the same with scripts and without. Without mail
 * set up on the server there is nothing to send a link with, and the page says whom to ask.
 */
export function ForgotForm({ mail }: { mail: boolean }) {
  const t = useTranslations('auth');
  const locale = useLocale();
  const [state, action, pending] = useActionState(requestPasswordReset, null);
  const { failed, error, refusal } = useFormFeedback(state);

  const fieldError = error('email');
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-extrabold">{t('forgotTitle')}</h1>
      {!mail ? (
        <p role="status" className="font-semibold" data-testid="forgot-no-mail">
          {t('forgotNoMail')}
        </p>
      ) : state?.ok ? (
        <p role="status" className="font-semibold text-green-800 dark:text-green-300" data-testid="forgot-sent">
          {t('forgotSent')}
        </p>
      ) : (
        <form action={action} className="grid gap-4" data-testid="forgot-form" noValidate>
          <p className="text-zinc-700 dark:text-zinc-300">{t('forgotIntro')}</p>
          <input type="hidden" name="locale" value={locale} />
          <AuthField
            name="email"
            type="email"
            label={t('emailLabel')}
            placeholder={t('emailPlaceholder')}
            autoComplete="email"
            error={fieldError}
            defaultValue={failed?.values?.email}
          />
          {refusal && (
            <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="forgot-error">
              {refusal}
            </p>
          )}
          <button type="submit" disabled={pending} className="btn-primary" data-testid="forgot-submit">
            {pending ? t('working') : t('forgotSubmit')}
          </button>
        </form>
      )}
      <p className="text-sm">
        <Link href="/LogIn" className="font-bold underline">
          {t('backToSignIn')}
        </Link>
      </p>
    </div>
  );
}
