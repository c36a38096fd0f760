'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { login } from '@/lib/auth/actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from './auth-field';
import { useProgressiveAction } from './use-progressive-action';
import { useSignedIn } from './use-signed-in';

// One toast per form: a new outcome replaces the last one instead of stacking under it.
const TOAST_ID = 'login-form';

// Two ways in (use-progressive-action.ts): with scripts, the spec's toast and, 2 seconds later,
// the back-office page asked for (or /Admin); without them, the browser's POST and the page that
// comes back. `signup`: whether anyone may ask for an account (else invitation only, no link to /SignUp).
export function LoginForm({ signup }: { signup: boolean }) {
  const t = useTranslations('auth');
  const errors = useTranslations('errors');
  const locale = useLocale();
  const router = useRouter();
  const signedIn = useSignedIn(TOAST_ID);
  const { formAction, posted, busy, setBusy, submit } = useProgressiveAction(login);
  // Stays under the form after the toast has gone, until the next try. Null: nothing tried with scripts yet.
  const [failure, setFailure] = useState<string | null>(null);

  // A server that cannot sign sessions must not blame the visitor's password; a code of its own
  // (rate limit, outage) gets its own words.
  function message(code: string) {
    if (code === 'tooManyRequests') return t('tooManyRequests');
    if (code !== 'invalidCredentials' && errors.has(runtimeKey(code))) return errors(runtimeKey(code));
    return t('loginFailed');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFailure('');
    const result = await submit(event);
    if (!result.ok) setBusy(false);
    if (signedIn(result) || result.ok) return;
    // The right password of an account with two-factor sign-in: its code next.
    if (result.error === 'twoFactorRequired') {
      router.push('/LogIn/Code');
      return;
    }
    const text = message(result.error);
    setFailure(text);
    toast.error(text, { id: TOAST_ID, duration: TIMINGS.errorToastMs });
  }

  const shown = failure ?? (posted ? message(posted.error) : '');
  return (
    <form action={formAction} onSubmit={onSubmit} className="grid gap-4" data-testid="login-form">
      <h1 className="text-2xl font-extrabold">{t('signInTitle')}</h1>
      <input type="hidden" name="locale" value={locale} />
      <AuthField
        name="email"
        type="email"
        label={t('emailLabel')}
        placeholder={t('emailPlaceholder')}
        autoComplete="email"
        defaultValue={posted?.values?.email}
      />
      <AuthField
        name="password"
        type="password"
        label={t('passwordLabel')}
        placeholder={t('passwordPlaceholder')}
        autoComplete="current-password"
      />
      <Link href="/ForgotPassword" className="justify-self-start text-sm font-semibold underline" data-testid="forgot-link">
        {t('forgotLink')}
      </Link>
      {shown && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="login-error">
          {shown}
        </p>
      )}
      <button type="submit" disabled={busy} className="btn-primary" data-testid="login-submit">
        {busy ? t('working') : t('signIn')}
      </button>
      {signup && (
        <p className="text-sm">
          {t('noAccount')}{' '}
          <Link href="/SignUp" className="font-bold underline">
            {t('createAccount')}
          </Link>
        </p>
      )}
    </form>
  );
}
