'use client';

import { useTranslations } from 'next-intl';
import { AuthField } from './auth-field';

/**
 * The new password and its confirmation, as every form that sets one shows them (sign-up, reset,
 * invitation, /Admin/Account): the rule as a hint under the first, each field's own error.
 */
export function NewPasswordFields({ label, error }: { label: string; error: (field: string) => string | undefined }) {
  const t = useTranslations('auth');
  return (
    <>
      <AuthField
        name="password"
        type="password"
        label={label}
        placeholder={t('passwordPlaceholder')}
        autoComplete="new-password"
        hint={t('passwordHint')}
        error={error('password')}
      />
      <AuthField
        name="passwordConfirmation"
        type="password"
        label={t('confirmLabel')}
        placeholder={t('confirmPlaceholder')}
        autoComplete="new-password"
        error={error('passwordConfirmation')}
      />
    </>
  );
}
