'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect } from 'react';
import { toast } from 'sonner';
import { resetTwoFactor } from '@/lib/admin/user-actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';

/** An Admin's reset of one person's two-factor sign-in (a lost phone and lost codes); that person is signed out everywhere. */
export function TwoFactorReset({ userId, email }: { userId: number; email: string }) {
  const t = useTranslations('admin.users');
  const errors = useTranslations('errors');
  const router = useRouter();
  const [state, action, pending] = useActionState(resetTwoFactor, null);
  useEffect(() => {
    if (!state?.ok) return;
    toast.success(t('twoFactorReset', { email }), { duration: TIMINGS.successToastMs });
    router.refresh();
  }, [state, t, email, router]);
  return (
    <form action={action} className="grid gap-2">
      <input type="hidden" name="userId" value={userId} />
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('resetTwoFactorFor', { email })}</p>
      <button type="submit" disabled={pending} className="btn-secondary justify-self-start" data-testid="reset-two-factor">
        {t('resetTwoFactor')}
      </button>
      {state && !state.ok && (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
          {errors.has(runtimeKey(state.error)) ? errors(runtimeKey(state.error)) : errors('server')}
        </p>
      )}
    </form>
  );
}
