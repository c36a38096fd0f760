'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ActionResult } from '@/lib/admin/actions';
import { adminPath } from '@/lib/admin/areas';
import { addNote, deleteInquiry, saveInquiryStatus } from '@/lib/inquiries/actions';
import { STATUSES } from '@/lib/inquiries/constants';
import { runtimeKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { TIMINGS } from '@/lib/timings';
import { ConfirmDialog } from './confirm-dialog';

const failed = (): ActionResult => ({ ok: false, error: 'server' });

/**
 * Opening an inquiry marks it read while the page is drawn, after the menu (a layout, kept across
 * client-side navigation) drew the unread count: this draws the screen once more so the count
 * follows. Rendered only by the render that marked it, so it runs once.
 */
export function RefreshAfterRead() {
  const router = useRouter();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    router.refresh();
  }, [router]);
  return null;
}

export function InquiryStatusForm({ id, status }: { id: number; status: string }) {
  const t = useTranslations('admin.inquiries');
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('status');
    setBusy(true);
    const result = await saveInquiryStatus(id, String(value)).catch(failed);
    setBusy(false);
    if (result.ok) toast.success(t('statusSaved'), { duration: TIMINGS.successToastMs });
    else toast.error(t('saveFailed'), { duration: TIMINGS.defaultToastMs });
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" data-testid="inquiry-status-form">
      <div>
        <label htmlFor="inquiry-status" className="mb-1 block text-sm font-semibold">
          {t('status')}
        </label>
        <select id="inquiry-status" name="status" defaultValue={status} className="field-input">
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={busy} aria-busy={busy} className="btn-primary" data-testid="inquiry-status-save">
        {t('saveStatus')}
      </button>
    </form>
  );
}

export function InquiryNoteForm({ id }: { id: number }) {
  const t = useTranslations('admin.inquiries');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    const result = await addNote(id, String(new FormData(form).get('text') ?? '')).catch(failed);
    setBusy(false);
    if (result.ok) {
      form.reset();
      setError('');
      toast.success(t('noteAdded'), { duration: TIMINGS.successToastMs });
      return;
    }
    const code = result.fieldErrors?.text?.[0];
    if (code && t.has(runtimeKey(`noteErrors.${code}`))) {
      setError(t(runtimeKey(`noteErrors.${code}`)));
      field.current?.focus();
    } else toast.error(t('saveFailed'), { duration: TIMINGS.defaultToastMs });
  }
  return (
    <form onSubmit={onSubmit} className="grid gap-2" data-testid="inquiry-note-form">
      <label htmlFor="inquiry-note" className="font-semibold">
        {t('noteLabel')}
      </label>
      <textarea
        ref={field}
        id="inquiry-note"
        name="text"
        rows={3}
        maxLength={5000}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? 'inquiry-note-error' : undefined}
        className="field-input"
      />
      {error && (
        <p id="inquiry-note-error" className="text-sm font-semibold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} aria-busy={busy} className="btn-primary justify-self-start" data-testid="inquiry-note-save">
        {t('addNote')}
      </button>
    </form>
  );
}

export function InquiryDeleteButton({ id, name }: { id: number; name: string }) {
  const t = useTranslations('admin.inquiries');
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    const result = await deleteInquiry(id).catch(failed);
    setBusy(false);
    setOpen(false);
    if (result.ok) {
      toast.success(t('deleted'), { duration: TIMINGS.successToastMs });
      router.push(adminPath.inquiries);
    } else toast.error(t('deleteFailed'), { duration: TIMINGS.defaultToastMs });
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="btn-danger" data-testid="delete">
        {t('delete')}
      </button>
      <ConfirmDialog
        open={open}
        busy={busy}
        danger
        title={t('deleteTitle')}
        text={t('deleteText', { name })}
        confirmLabel={t('delete')}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
