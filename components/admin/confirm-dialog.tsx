'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';

/** The one confirmation dialog (native modal <dialog>: focus trapped, Esc cancels). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  testId = 'confirm-dialog',
  busy = false,
  danger = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Another name for a dialog that is not a confirmation of the screen's own action. */
  testId?: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations('admin');
  const ref = useRef<HTMLDialogElement>(null);
  // One id per dialog: a list page holds one per card, plus the logout dialog in the menu.
  const ids = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      data-testid={testId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 text-zinc-900 shadow-2xl backdrop:bg-black/60 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id={`${ids}-title`} className="text-xl font-bold">
        {title}
      </h2>
      <p id={`${ids}-text`} className="mt-3 text-zinc-700 dark:text-zinc-300">
        {text}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onCancel} disabled={busy} className="btn-secondary" data-testid="cancel-button">
          {cancelLabel ?? t('cancel')}
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy}
          className={danger ? 'btn-danger' : 'btn-primary'}
          data-testid="confirm-button"
        >
          {busy ? t('loading') : (confirmLabel ?? t('confirm'))}
        </button>
      </div>
    </dialog>
  );
}
