'use client';

import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { resetPasswordWithLink } from '@/lib/auth/actions';
import { Link } from '@/lib/i18n/navigation';
import { AuthNotice } from './auth-notice';
import { NewPasswordFields } from './new-password-fields';
import { useFormFeedback } from './use-form-feedback';

/** The new password for a reset link (its token travels as a hidden field); the same with scripts and without. */
export function ResetForm({ token }: { token: string }) {
  const t = useTranslations('auth');
  const [state, action, pending] = useActionState(resetPasswordWithLink, null);
  const { failed, error, refusal } = useFormFeedback(state);

  if (state?.ok)
    return (
      <AuthNotice
        title={t('resetTitle')}
        text={t('resetDone')}
        tone="done"
        testId="reset-done"
        link={{ href: '/LogIn', label: t('signIn') }}
      />
    );
  return (
    <form action={action} className="grid gap-4" data-testid="reset-form" noValidate>
      <h1 className="text-2xl font-extrabold">{t('resetTitle')}</h1>
      <input type="hidden" name="token" value={token} />
      <NewPasswordFields label={t('newPasswordLabel')} error={error} />
      {refusal && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="reset-error">
          {refusal}{' '}
          {failed?.error === 'linkExpired' && (
            <Link href="/ForgotPassword" className="underline">
              {t('requestNewLink')}
            </Link>
          )}
        </p>
      )}
      <button type="submit" disabled={pending} className="btn-primary" data-testid="reset-submit">
        {pending ? t('working') : t('resetSubmit')}
      </button>
    </form>
  );
}
