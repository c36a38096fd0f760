'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { approveUser, rejectUser } from '@/lib/admin/user-actions';
import { runtimeKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { ConfirmDialog } from './confirm-dialog';

/** A pending account's decision: Approve as a role, or Reject (confirmed). Both are forms, so they work without scripts. */
export function ApprovalButtons({ userId, email }: { userId: number; email: string }) {
  const t = useTranslations('admin.users');
  const errors = useTranslations('errors');
  const router = useRouter();
  const [approved, approve, approving] = useActionState(approveUser, null);
  const [rejected, reject, rejecting] = useActionState(rejectUser, null);
  const [confirming, setConfirming] = useState(false);
  const rejectForm = useRef<HTMLFormElement>(null);
  // Set once the dialog said yes, so the form's own submit goes through.
  const confirmed = useRef(false);

  useEffect(() => {
    for (const [state, done] of [
      [approved, t('approved')],
      [rejected, t('rejected')],
    ] as const) {
      if (!state) continue;
      if (state.ok) {
        toast.success(done, { duration: TIMINGS.successToastMs });
        router.refresh();
      } else
        toast.error(errors.has(runtimeKey(state.error)) ? errors(runtimeKey(state.error)) : errors('server'), {
          duration: TIMINGS.defaultToastMs,
        });
    }
  }, [approved, rejected, t, errors, router]);

  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <form action={approve} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="userId" value={userId} />
        <label className="grid gap-1 text-sm font-semibold">
          {t('approveAs')}
          <select name="role" defaultValue="mini" className="field-input py-2" data-testid="approve-role">
            <option value="mini">{t('miniAdmin')}</option>
            <option value="admin">{t('admin')}</option>
          </select>
        </label>
        <button type="submit" disabled={approving} className="btn-primary" data-testid="approve">
          {t('approve')}
        </button>
      </form>
      <form
        ref={rejectForm}
        action={reject}
        onSubmit={(event) => {
          if (confirmed.current) return;
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <input type="hidden" name="userId" value={userId} />
        <button type="submit" disabled={rejecting} className="btn-secondary" data-testid="reject">
          {t('reject')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('rejectTitle')}
        text={t('rejectText', { email })}
        confirmLabel={t('reject')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          confirmed.current = true;
          rejectForm.current?.requestSubmit();
          confirmed.current = false;
        }}
      />
    </div>
  );
}
