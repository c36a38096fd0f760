'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect } from 'react';
import { toast } from 'sonner';
import { saveTwoFactorSetting } from '@/lib/settings/actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import type { TwoFactorPolicy } from '@/lib/settings/schema';
import { TIMINGS } from '@/lib/timings';

const LABELS = { none: 'policyNone', admins: 'policyAdmins', everyone: 'policyEveryone' } as const satisfies Record<
  TwoFactorPolicy,
  string
>;

/** /Admin/Settings: who must use two-factor sign-in. Its own form, apart from the brand's. */
export function TwoFactorPolicyForm({ policy }: { policy: TwoFactorPolicy }) {
  const t = useTranslations('admin.settings');
  const tv = useTranslations('validation');
  const errors = useTranslations('errors');
  const router = useRouter();
  const [state, action, pending] = useActionState(saveTwoFactorSetting, null);
  useEffect(() => {
    if (!state?.ok) return;
    toast.success(t('twoFactorSaved'), { duration: TIMINGS.successToastMs });
    // The Admin who saved may now be covered, and sent to enrol.
    router.refresh();
  }, [state, t, router]);
  const failed = state && !state.ok ? state : null;
  const refusal = failed
    ? (failed.fieldErrors?.twoFactorPolicy ?? []).map((c) => (tv.has(runtimeKey(c)) ? tv(runtimeKey(c)) : c)).join(' ') ||
      (errors.has(runtimeKey(failed.error)) ? errors(runtimeKey(failed.error)) : errors('server'))
    : '';
  return (
    <form action={action} className="grid gap-4" data-testid="two-factor-policy">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-zinc-700 dark:text-zinc-300">{t('twoFactorIntro')}</legend>
        {(Object.keys(LABELS) as TwoFactorPolicy[]).map((value) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input type="radio" name="twoFactorPolicy" value={value} defaultChecked={value === policy} className="size-5 accent-brand" />
            {t(LABELS[value])}
          </label>
        ))}
      </fieldset>
      {state?.ok && (
        <p role="status" className="font-semibold text-green-800 dark:text-green-300">
          {t('twoFactorSaved')}
        </p>
      )}
      {refusal && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={pending} className="btn-primary justify-self-start" data-testid="two-factor-policy-save">
        {t('twoFactorSave')}
      </button>
    </form>
  );
}
