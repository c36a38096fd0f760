'use client';

import { useTranslations } from 'next-intl';
import { useFormFeedback } from '@/components/auth/use-form-feedback';
import { useActionState, useEffect, useRef } from 'react';
import { useUnsavedChanges } from './unsaved-changes';
import { toast } from 'sonner';
import { changeOwnPassword } from '@/lib/admin/account-actions';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from '@/components/auth/auth-field';
import { NewPasswordFields } from '@/components/auth/new-password-fields';

/** /Admin/Account's password change: a plain `<form action>` (works without scripts), toasts when they run. */
export function PasswordForm() {
  const t = useTranslations('admin.account');
  const ta = useTranslations('auth');
  const router = useRouter();
  const [state, action, pending] = useActionState(changeOwnPassword, null);
  const { error, refusal } = useFormFeedback(state);
  const form = useRef<HTMLFormElement>(null);
  // Asks before leaving with a password half typed (never kept as a draft).
  useUnsavedChanges(form);

  useEffect(() => {
    if (!state) return;
    if (state.ok) {
      toast.success(t('passwordChanged'), { duration: TIMINGS.successToastMs });
      form.current?.reset();
      // The sessions list below has lost its other rows.
      router.refresh();
    }
  }, [state, t, router]);

  return (
    <form ref={form} action={action} className="grid max-w-md gap-4" data-testid="password-form" noValidate>
      <AuthField
        name="currentPassword"
        type="password"
        label={t('currentPassword')}
        placeholder=""
        autoComplete="current-password"
        error={error('currentPassword')}
      />
      <NewPasswordFields label={ta('newPasswordLabel')} error={error} />
      {state?.ok && (
        <p role="status" className="font-semibold text-green-800 dark:text-green-300" data-testid="password-changed">
          {t('passwordChanged')}
        </p>
      )}
      {refusal && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="password-error">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={pending} className="btn-primary justify-self-start" data-testid="password-submit">
        {pending ? ta('working') : t('changePassword')}
      </button>
    </form>
  );
}
