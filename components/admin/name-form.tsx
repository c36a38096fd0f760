'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef } from 'react';
import { useUnsavedChanges } from './unsaved-changes';
import { toast } from 'sonner';
import { useFormFeedback } from '@/components/auth/use-form-feedback';
import { AuthField } from '@/components/auth/auth-field';
import { renameSelf } from '@/lib/admin/account-actions';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';

/** /Admin/Account's name: what colleagues see (the Users screen, the activity log). A plain `<form action>`: works without scripts. */
export function NameForm({ name }: { name: string }) {
  const t = useTranslations('admin.account');
  const ta = useTranslations('auth');
  const router = useRouter();
  const [state, action, pending] = useActionState(renameSelf, null);
  const { failed, error, refusal } = useFormFeedback(state);
  const form = useRef<HTMLFormElement>(null);
  useUnsavedChanges(form);

  useEffect(() => {
    if (!state?.ok) return;
    toast.success(t('nameSaved'), { duration: TIMINGS.successToastMs });
    // The header shows the name too.
    router.refresh();
  }, [state, t, router]);

  return (
    <form ref={form} action={action} className="grid max-w-md gap-4" data-testid="name-form" noValidate>
      <AuthField
        name="name"
        type="text"
        label={t('nameLabel')}
        placeholder=""
        autoComplete="name"
        error={error('name')}
        defaultValue={failed?.values?.name ?? name}
      />
      {state?.ok && (
        <p role="status" className="font-semibold text-green-800 dark:text-green-300" data-testid="name-saved">
          {t('nameSaved')}
        </p>
      )}
      {refusal && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="name-error">
          {refusal}
        </p>
      )}
      <button type="submit" disabled={pending} className="btn-primary justify-self-start" data-testid="name-submit">
        {pending ? ta('working') : t('saveName')}
      </button>
    </form>
  );
}
