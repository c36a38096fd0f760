'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { login } from '@/lib/admin/actions';
import type { ActionResult } from '@/lib/admin/actions';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from './auth-field';

// One toast per form: a new outcome replaces the last one instead of stacking under it.
const TOAST_ID = 'login-form';

export function LoginForm() {
  const t = useTranslations('auth');
  const errors = useTranslations('errors');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  // Stays under the form after the toast has gone, until the next try.
  const [failure, setFailure] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    const result = await login(new FormData(event.currentTarget)).catch((): ActionResult => ({ ok: false, error: 'server' }));
    if (result.ok) {
      toast.success(t('loginSuccess'), { id: TOAST_ID, duration: TIMINGS.successToastMs });
      setTimeout(() => {
        router.push('/Admin');
        router.refresh();
      }, TIMINGS.redirectDelayMs);
      return;
    }
    setBusy(false);
    if (result.error === 'awaitingApproval') {
      router.push('/AwaitingApproval');
      return;
    }
    // A server that cannot sign sessions must not blame the visitor's password.
    const text = result.error === 'tooManyRequests' ? t('tooManyRequests') : result.error === 'server' ? errors('server') : t('loginFailed');
    setFailure(text);
    toast.error(text, { id: TOAST_ID, duration: TIMINGS.errorToastMs });
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" data-testid="login-form">
      <h1 className="text-2xl font-extrabold">{t('signInTitle')}</h1>
      <AuthField name="email" type="email" label={t('emailLabel')} placeholder={t('emailPlaceholder')} autoComplete="email" />
      <AuthField name="password" type="password" label={t('passwordLabel')} placeholder={t('passwordPlaceholder')} autoComplete="current-password" />
      {failure && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="login-error">
          {failure}
        </p>
      )}
      <button type="submit" disabled={busy} className="btn-primary" data-testid="login-submit">
        {busy ? t('working') : t('signIn')}
      </button>
      <p className="text-sm">
        {t('noAccount')}{' '}
        <Link href="/SignUp" className="font-bold underline">
          {t('createAccount')}
        </Link>
      </p>
    </form>
  );
}
