'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { register } from '@/lib/admin/actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from './auth-field';
import { useProgressiveAction } from './use-progressive-action';

// One toast per form: a new outcome replaces the last one instead of stacking under it.
const TOAST_ID = 'signup-form';

// The same two ways in as the sign-in form (login-form.tsx): `onSubmit` once scripts run, a
// browser POST to the action before that, answered by a redirect or by the page with `state`.
export function SignupForm() {
  const t = useTranslations('auth');
  const tv = useTranslations('validation');
  const locale = useLocale();
  const router = useRouter();
  const { formAction, posted: answered, busy, setBusy, submit } = useProgressiveAction(register);
  // Null until the first try with scripts; until then the posted answer (if any) is shown.
  const [errors, setErrors] = useState<Record<string, string[]> | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = await submit(event);
    setBusy(false);
    if (result.ok) {
      toast.success(t('registerSuccess'), { id: TOAST_ID, duration: TIMINGS.successToastMs });
      router.push('/AwaitingApproval');
      return;
    }
    setErrors(result.fieldErrors ?? {});
    toast.error(t('registerFailed'), { id: TOAST_ID, duration: TIMINGS.defaultToastMs });
  }

  const posted = errors === null ? answered : null;
  const shownErrors = errors ?? posted?.fieldErrors ?? {};
  const error = (field: string) => shownErrors[field]?.map((code) => (tv.has(runtimeKey(code)) ? tv(runtimeKey(code)) : code)).join(' ');
  return (
    <form action={formAction} onSubmit={onSubmit} className="grid gap-4" data-testid="signup-form" noValidate>
      <h1 className="text-2xl font-extrabold">{t('signUpTitle')}</h1>
      <input type="hidden" name="locale" value={locale} />
      {/* Without scripts there is no toast: the page says it instead. */}
      {posted && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="signup-error">
          {t('registerFailed')}
        </p>
      )}
      <AuthField
        name="name"
        type="text"
        label={t('nameLabel')}
        placeholder={t('namePlaceholder')}
        autoComplete="name"
        error={error('name')}
        defaultValue={posted?.values?.name}
      />
      <AuthField
        name="email"
        type="email"
        label={t('emailLabel')}
        placeholder={t('emailPlaceholder')}
        autoComplete="email"
        error={error('email')}
        defaultValue={posted?.values?.email}
      />
      <AuthField
        name="password"
        type="password"
        label={t('passwordLabel')}
        placeholder={t('passwordPlaceholder')}
        autoComplete="new-password"
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
      <button type="submit" disabled={busy} className="btn-primary" data-testid="signup-submit">
        {busy ? t('working') : t('signUp')}
      </button>
      <p className="text-sm">
        {t('haveAccount')}{' '}
        <Link href="/LogIn" className="font-bold underline">
          {t('signIn')}
        </Link>
      </p>
    </form>
  );
}
