'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useEffect } from 'react';
import { downloadBackup, requestBackupNow } from '@/lib/backups/actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { useScripted } from '@/components/ui/use-scripted';

// /Admin/Backups's two forms (issue 33). Each a form posting to its server action through
// useActionState: without scripts the browser posts it and the screen comes back with the answer;
// with them the same action answers in place.

function useErrorText() {
  const errors = useTranslations('errors');
  return (code: string) => (errors.has(runtimeKey(code)) ? errors(runtimeKey(code)) : errors('server'));
}

/** "Back up now": the answer under the button; with scripts the list is read again, the requested run on it. */
export function BackupNowForm() {
  const t = useTranslations('admin.backups');
  const errorText = useErrorText();
  const router = useRouter();
  const [state, action, pending] = useActionState(requestBackupNow, null);
  useEffect(() => {
    if (state?.ok) router.refresh();
  }, [state, router]);
  return (
    <form action={action} className="grid justify-items-start gap-2" data-testid="backup-now-form">
      <button type="submit" disabled={pending} className="btn-primary" data-testid="backup-now">
        {t('backUpNow')}
      </button>
      <p role="status" className="font-semibold empty:hidden" data-testid="backup-requested">
        {state?.ok ? t('requested') : ''}
      </p>
      {state && !state.ok && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="backup-request-error">
          {t('requestFailed', { reason: errorText(state.error) })}
        </p>
      )}
    </form>
  );
}

/**
 * One archive's Download. Without scripts the action redirects to the single-use link (the browser
 * follows it and saves the file); with them (`js`) it answers with the link, which is opened here.
 */
export function BackupDownload({ runId, label }: { runId: number; label: string }) {
  const t = useTranslations('admin.backups');
  const errorText = useErrorText();
  const locale = useLocale();
  const scripted = useScripted();
  const [state, action, pending] = useActionState(downloadBackup, null);
  useEffect(() => {
    // A file to save (Content-Disposition: attachment): the screen stays as it is.
    if (state?.ok && state.url) window.location.assign(state.url);
  }, [state]);
  return (
    <form action={action} className="grid justify-items-start gap-2">
      <input type="hidden" name="run" value={runId} />
      <input type="hidden" name="locale" value={locale} />
      {scripted && <input type="hidden" name="js" value="1" />}
      <button type="submit" disabled={pending} className="btn-secondary" aria-label={label} data-testid="backup-download">
        {t('download')}
      </button>
      {state && !state.ok && (
        <p role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400" data-testid="backup-download-error">
          {t('downloadFailed', { reason: errorText(state.error) })}
        </p>
      )}
    </form>
  );
}

/** While a run waits or runs: the screen read again every few seconds (for ten minutes at most), so it shows the end. */
export function RefreshWhileRunning({ everyMs = 5_000, forMs = 600_000 }: { everyMs?: number; forMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > forMs) clearInterval(timer);
      else router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs, forMs]);
  return null;
}
