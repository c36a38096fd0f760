'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { loginWithCode } from '@/lib/auth/actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { Link } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { AuthField } from './auth-field';
import { useProgressiveAction } from './use-progressive-action';
import { useSignedIn } from './use-signed-in';

const TOAST_ID = 'code-form';

/**
 * The second step of signing in to an account with two-factor sign-in: a code from the app or a
 * recovery code. The same two ways in as the sign-in form (use-progressive-action.ts).
 */
export function CodeForm() {
  const t = useTranslations('auth');
  const errors = useTranslations('errors');
  const locale = useLocale();
  const signedIn = useSignedIn(TOAST_ID);
  const { formAction, posted, busy, setBusy, submit } = useProgressiveAction(loginWithCode);
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);

  // Past the limit the words are the sign-in form's own (the same throttling as passwords).
  function message(code: string) {
    if (code === 'tooManyRequests') return t('tooManyRequests');
    if (errors.has(runtimeKey(code))) return errors(runtimeKey(code));
    return errors('server');
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setFailure('');
    const result = await submit(event);
    if (!result.ok) setBusy(false);
    if (signedIn(result) || result.ok) return;
    if (result.error === 'signInExpired') setExpired(true);
    const text = message(result.error);
    setFailure(text);
    toast.error(text, { id: TOAST_ID, duration: TIMINGS.errorToastMs });
  }

  const shown = failure ?? (posted ? message(posted.error) : '');
  const startOver = expired || posted?.error === 'signInExpired';
  return (
    <form action={formAction} onSubmit={onSubmit} className="grid gap-4" data-testid="code-form">
      <h1 className="text-2xl font-extrabold">{t('codeTitle')}</h1>
      <p className="text-zinc-700 dark:text-zinc-300">{t('codeIntro')}</p>
      <input type="hidden" name="locale" value={locale} />
      <AuthField name="code" type="text" label={t('codeLabel')} placeholder="123456" autoComplete="one-time-code" />
      {shown && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="code-error">
          {shown}
        </p>
      )}
      {startOver ? (
        <Link href="/LogIn" className="btn-primary justify-self-start">
          {t('signInAgain')}
        </Link>
      ) : (
        <button type="submit" disabled={busy} className="btn-primary" data-testid="code-submit">
          {busy ? t('working') : t('codeSubmit')}
        </button>
      )}
    </form>
  );
}
