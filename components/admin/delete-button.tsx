'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { deleteItem } from '@/lib/admin/item-actions';
import { deleteUser } from '@/lib/admin/user-actions';
import type { ActionResult } from '@/lib/admin/action-kit';
import { ITEM_AREA_FIELD, ITEM_ID_FIELD, USER_ID_FIELD, type AreaKey } from '@/lib/admin/areas';
import { scriptedForm } from '@/lib/http/scripted-form';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { ConfirmDialog } from './confirm-dialog';
import { deleteReason } from '@/lib/admin/notices';
import { useScripted } from '@/components/ui/use-scripted';

/** Every delete asks first (the old admin deleted events and sliders without asking). */
export function DeleteButton({
  target,
  id,
  title,
  text,
  success,
  failure,
  label,
  failureMs = TIMINGS.defaultToastMs,
  describedBy,
  confirmHref,
}: {
  target: AreaKey | 'users';
  id: number;
  title: string;
  text: string;
  success: string;
  failure: string;
  label?: string;
  failureMs?: number;
  /** The card's title, so each of many "Delete" buttons says what it deletes. */
  describedBy?: string;
  /** Before scripts run (or without them): a link to the list's own confirmation (item-list.tsx). */
  confirmHref?: string;
}) {
  const t = useTranslations('admin');
  const errors = useTranslations('errors');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const scripted = useScripted();

  // The card, this button with it, leaves the list: focus goes to the screen's heading rather than
  // dropping to the page's body. An effect of this component runs after the dialog's own (which
  // closes it and hands focus back to this button), so it has the last word.
  useEffect(() => {
    if (deleted) document.querySelector<HTMLElement>('main h1')?.focus();
  }, [deleted]);

  async function confirm() {
    setBusy(true);
    // The fields the screen's own confirmation posts without scripts (item-list.tsx, users-screen.tsx).
    const form = scriptedForm(new FormData());
    if (target === 'users') form.set(USER_ID_FIELD, String(id));
    else
      for (const [key, value] of [
        [ITEM_AREA_FIELD, target],
        [ITEM_ID_FIELD, String(id)],
      ] as const)
        form.set(key, value);
    const result = await (target === 'users' ? deleteUser(null, form) : deleteItem(null, form)).catch((): ActionResult => ({
      ok: false,
      error: 'server',
    }));
    setBusy(false);
    setOpen(false);
    if (result.ok) {
      toast.success(success, { duration: TIMINGS.successToastMs });
      setDeleted(true);
      router.refresh();
    } else {
      // A refusal with a reason (e.g. a client that still has events) says why.
      const known = deleteReason(result.error);
      const reason = known ? errors(known) : failure;
      toast.error(reason, { duration: failureMs });
    }
  }

  const className = 'btn-danger max-sm:px-3 max-sm:py-1.5 max-sm:text-sm';
  if (!scripted && confirmHref) {
    return (
      <a href={confirmHref} className={className} data-testid="delete" aria-describedby={describedBy}>
        {label ?? t('delete')}
      </a>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={className} data-testid="delete" aria-describedby={describedBy}>
        {label ?? t('delete')}
      </button>
      <ConfirmDialog
        open={open}
        busy={busy}
        danger
        title={title}
        text={text}
        confirmLabel={t('delete')}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
