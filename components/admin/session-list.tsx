'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect } from 'react';
import { toast } from 'sonner';
import { signOutOtherSessions, signOutSession } from '@/lib/admin/account-actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';

export interface SessionView {
  id: number;
  kind: string;
  address: string;
  userAgent: string;
  /** Already in the reader's language and the company's time zone. */
  opened: string;
  lastUsed: string | null;
  current: boolean;
}

/** The person's sessions and API tokens, each with its own "Sign out", and one for all but this browser. */
export function SessionList({ sessions }: { sessions: SessionView[] }) {
  const t = useTranslations('admin.account');
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" data-testid="sessions">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
            data-testid="session"
            data-kind={s.kind}
            data-current={s.current ? 'true' : undefined}
          >
            <div className="min-w-0 flex-1">
              <p className="font-bold">
                {s.kind === 'api' ? t('kindApi') : t('kindSession')}
                {s.current && <span className="ms-2 rounded-full bg-brand px-2 py-0.5 text-xs text-black">{t('thisDevice')}</span>}
              </p>
              <p className="line-clamp-2 text-sm break-all text-zinc-700 dark:text-zinc-300" dir="ltr" title={s.userAgent}>
                {s.userAgent || t('unknownAgent')}
              </p>
              <p className="text-sm text-zinc-700 dark:text-zinc-300">
                {s.address && <span dir="ltr">{t('from', { address: s.address })}</span>} · {t('opened', { date: s.opened })} ·{' '}
                {s.lastUsed ? t('lastUsed', { date: s.lastUsed }) : t('notUsed')}
              </p>
            </div>
            {!s.current && <SignOutButton tokenId={s.id} />}
          </li>
        ))}
      </ul>
      {others > 0 ? <SignOutButton /> : <p className="text-sm">{t('noOthers')}</p>}
    </div>
  );
}

/** One session's "Sign out" (tokenId), or "Sign out everywhere else": a form, so it works without scripts too. */
function SignOutButton({ tokenId }: { tokenId?: number }) {
  const t = useTranslations('admin.account');
  const errors = useTranslations('errors');
  const router = useRouter();
  const [state, action, pending] = useActionState(tokenId ? signOutSession : signOutOtherSessions, null);
  useEffect(() => {
    if (!state) return;
    if (state.ok) {
      toast.success(tokenId ? t('signedOut') : t('othersSignedOut'), { duration: TIMINGS.successToastMs });
      router.refresh();
    } else
      toast.error(errors.has(runtimeKey(state.error)) ? errors(runtimeKey(state.error)) : errors('server'), {
        duration: TIMINGS.defaultToastMs,
      });
  }, [state, tokenId, t, errors, router]);
  return (
    <form action={action}>
      {tokenId && <input type="hidden" name="tokenId" value={tokenId} />}
      <button
        type="submit"
        disabled={pending}
        className={tokenId ? 'btn-secondary' : 'btn-primary'}
        data-testid={tokenId ? 'session-sign-out' : 'sign-out-others'}
      >
        {tokenId ? t('signOut') : t('signOutOthers')}
      </button>
    </form>
  );
}
