'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect } from 'react';
import { toast } from 'sonner';
import { setSignupMode } from '@/lib/admin/user-actions';
import { TIMINGS } from '@/lib/timings';

/** Open sign-up or invitation only: two radios and Save (a form: works without scripts). */
export function SignupModeForm({ open }: { open: boolean }) {
  const t = useTranslations('admin.users');
  const ta = useTranslations('admin');
  const errors = useTranslations('errors');
  const [state, action, pending] = useActionState(setSignupMode, null);
  useEffect(() => {
    if (state?.ok) toast.success(t('signupSaved'), { duration: TIMINGS.successToastMs });
    else if (state) toast.error(errors('server'), { duration: TIMINGS.defaultToastMs });
  }, [state, t, errors]);
  return (
    <form action={action} className="grid gap-3" data-testid="signup-mode">
      <fieldset className="grid gap-2">
        <legend className="sr-only">{t('signupTitle')}</legend>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="signup" value="open" defaultChecked={open} className="size-5 accent-brand" />
          {t('signupOpen')}
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="signup" value="invite" defaultChecked={!open} className="size-5 accent-brand" />
          {t('signupClosed')}
        </label>
      </fieldset>
      <button type="submit" disabled={pending} className="btn-primary justify-self-start" data-testid="signup-mode-save">
        {ta('save')}
      </button>
    </form>
  );
}
