'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { register } from '@/lib/admin/actions';
import type { ActionResult } from '@/lib/admin/actions';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from './auth-field';

// One toast per form: a new outcome replaces the last one instead of stacking under it.
const TOAST_ID = 'signup-form';

export function SignupForm() {
  const t = useTranslations('auth');
  const tv = useTranslations('validation');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await register(new FormData(event.currentTarget)).catch((): ActionResult => ({ ok: false, error: 'server' }));
    setBusy(false);
    if (result.ok) {
      toast.success(t('registerSuccess'), { id: TOAST_ID, duration: TIMINGS.successToastMs });
      router.push('/AwaitingApproval');
      return;
    }
    setErrors(result.fieldErrors ?? {});
    toast.error(t('registerFailed'), { id: TOAST_ID, duration: TIMINGS.defaultToastMs });
  }

  const error = (field: string) => errors[field]?.map((code) => (tv.has(code) ? tv(code) : code)).join(' ');
  return (
    <form onSubmit={onSubmit} className="grid gap-4" data-testid="signup-form" noValidate>
      <h1 className="text-2xl font-extrabold">{t('signUpTitle')}</h1>
      <AuthField name="name" type="text" label={t('nameLabel')} placeholder={t('namePlaceholder')} autoComplete="name" error={error('name')} />
      <AuthField name="email" type="email" label={t('emailLabel')} placeholder={t('emailPlaceholder')} autoComplete="email" error={error('email')} />
      <AuthField name="password" type="password" label={t('passwordLabel')} placeholder={t('passwordPlaceholder')} autoComplete="new-password" error={error('password')} />
      <AuthField name="passwordConfirmation" type="password" label={t('confirmLabel')} placeholder={t('confirmPlaceholder')} autoComplete="new-password" error={error('passwordConfirmation')} />
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
