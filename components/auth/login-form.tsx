'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { login } from '@/lib/admin/actions';
import type { ActionResult } from '@/lib/admin/actions';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from './auth-field';

export function LoginForm() {
  const t = useTranslations('auth');
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await login(new FormData(event.currentTarget)).catch((): ActionResult => ({ ok: false, error: 'server' }));
    if (result.ok) {
      toast.success(t('loginSuccess'), { duration: TIMINGS.successToastMs });
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
    toast.error(result.error === 'tooManyRequests' ? t('tooManyRequests') : t('loginFailed'), { duration: TIMINGS.errorToastMs });
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" data-testid="login-form">
      <h1 className="text-2xl font-extrabold">{t('signInTitle')}</h1>
      <AuthField name="email" type="email" label={t('emailLabel')} placeholder={t('emailPlaceholder')} autoComplete="email" />
      <AuthField name="password" type="password" label={t('passwordLabel')} placeholder={t('passwordPlaceholder')} autoComplete="current-password" />
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
