'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { register } from '@/lib/auth/actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from './auth-field';
import { NewPasswordFields } from './new-password-fields';
import { useProgressiveAction } from './use-progressive-action';

// One toast per form: a new outcome replaces the last one instead of stacking under it.
const TOAST_ID = 'signup-form';

// The same two ways in as the sign-in form (login-form.tsx): `onSubmit` once scripts run, a
// browser POST to the action before that, answered by a redirect or by the page with `state`.
export function SignupForm() {
  const t = useTranslations('auth');
  const tv = useTranslations('validation');
  const errors = useTranslations('errors');
  const locale = useLocale();
  const router = useRouter();
  const { formAction, posted: answered, busy, setBusy, submit } = useProgressiveAction(register);
  // Null until the first try with scripts; until then the posted answer (if any) is shown.
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]> | null>(null);
  // Under the form until the next try: a refusal with words of its own (the sign-up limit, an
  // outage) says them; bad input keeps the spec's "Please Try Again!" and the field messages.
  const [failure, setFailure] = useState<string | null>(null);

  /** The words of a refusal that has its own; null for bad input (the fields say what is wrong). */
  function refusal(code: string): string | null {
    return code !== 'invalid' && errors.has(runtimeKey(code)) ? errors(runtimeKey(code)) : null;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = await submit(event);
    setBusy(false);
    if (result.ok) {
      toast.success(t('registerSuccess'), { id: TOAST_ID, duration: TIMINGS.successToastMs });
      router.push('/AwaitingApproval');
      return;
    }
    setFieldErrors(result.fieldErrors ?? {});
    const own = refusal(result.error);
    // Said once, on the page: under the fields for bad input, above them for a refusal of its own
    // (no toast as well, issue 27: it covered the header and repeated the field messages).
    setFailure(own);
  }

  const posted = fieldErrors === null ? answered : null;
  const shownErrors = fieldErrors ?? posted?.fieldErrors ?? {};
  const shown = fieldErrors === null ? posted && (refusal(posted.error) ?? t('registerFailed')) : failure;
  const error = (field: string) => shownErrors[field]?.map((code) => (tv.has(runtimeKey(code)) ? tv(runtimeKey(code)) : code)).join(' ');
  return (
    <form action={formAction} onSubmit={onSubmit} className="grid gap-4" data-testid="signup-form" noValidate>
      <h1 className="text-2xl font-extrabold">{t('signUpTitle')}</h1>
      <input type="hidden" name="locale" value={locale} />
      {/* Without scripts there is no toast: the page says it instead. */}
      {shown && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="signup-error">
          {shown}
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
      <NewPasswordFields label={t('passwordLabel')} error={error} />
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
