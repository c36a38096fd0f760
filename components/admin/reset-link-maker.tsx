'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { toast } from 'sonner';
import { makeResetLink } from '@/lib/admin/user-actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { TIMINGS } from '@/lib/timings';

/**
 * An Admin's one-time reset link for one user (issue 26): for when mail is not set up here, or a
 * colleague's mail does not arrive. The link is shown once, to copy and hand over another way.
 */
export function ResetLinkMaker({ userId, email }: { userId: number; email: string }) {
  const t = useTranslations('admin.users');
  const errors = useTranslations('errors');
  const locale = useLocale();
  const [state, action, pending] = useActionState(makeResetLink, null);

  async function copy(url: string) {
    await navigator.clipboard.writeText(url).then(
      () => toast.success(t('copied'), { duration: TIMINGS.successToastMs }),
      () => undefined,
    );
  }

  return (
    <div className="grid gap-2">
      <form action={action}>
        <input type="hidden" name="userId" value={userId} />
        <input type="hidden" name="locale" value={locale} />
        <button
          type="submit"
          disabled={pending}
          className="btn-secondary"
          title={t('resetLinkFor', { email })}
          data-testid="make-reset-link"
        >
          {t('resetLink')}
        </button>
      </form>
      {state?.ok && state.url && (
        <div className="grid gap-2 rounded-lg bg-zinc-100 p-3 text-sm dark:bg-zinc-800" data-testid="reset-link">
          <p>{t('resetLinkMade', { email })}</p>
          <div className="flex gap-2">
            <input
              readOnly
              value={state.url}
              dir="ltr"
              aria-label={t('resetLink')}
              className="field-input min-w-0 flex-1 font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="reset-link-url"
            />
            <button type="button" className="btn-secondary" onClick={() => copy(state.url!)}>
              {t('copy')}
            </button>
          </div>
        </div>
      )}
      {state && !state.ok && (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
          {errors.has(runtimeKey(state.error)) ? errors(runtimeKey(state.error)) : errors('server')}
        </p>
      )}
    </div>
  );
}
