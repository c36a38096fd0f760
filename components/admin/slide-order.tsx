'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition, type ReactNode } from 'react';
import { moveSlideTo } from '@/lib/admin/item-actions';
import { useRouter } from '@/lib/i18n/navigation';
import { REORDER_LIST_CLASS } from './reorder-marks';
import { usePointerReorder } from './use-pointer-reorder';

/**
 * The slide list's drag and drop, around the server-rendered cards (`children`, one per id in
 * `ids`, in order). A drop saves the slide's new place through `moveSlideTo`, then the list is
 * read again from the server, so what shows is what is saved; the result is announced. Without
 * scripts the handles stay hidden and the Move buttons (plain forms) do the reordering.
 */
export function SlideOrder({ ids, className, children }: { ids: number[]; className: string; children: ReactNode }) {
  const t = useTranslations('admin');
  const router = useRouter();
  const [announcement, setAnnouncement] = useState({ text: '', failed: false });
  const [pending, startTransition] = useTransition();

  const reorder = usePointerReorder((from, to) => {
    const id = ids[from];
    if (id === undefined) return;
    setAnnouncement({ text: '', failed: false });
    startTransition(async () => {
      const result = await moveSlideTo(id, to + 1).catch(() => ({ ok: false as const, error: 'server' }));
      // Announced once the list shows the order as saved now (moved, or as someone else left it).
      router.refresh();
      setAnnouncement(
        result.ok
          ? { text: t('slideMoved', { from: from + 1, to: to + 1, total: ids.length }), failed: false }
          : { text: t('slideMoveFailed'), failed: true },
      );
    });
  }, pending);

  return (
    <>
      <ul className={`${className} ${REORDER_LIST_CLASS}`} aria-busy={pending} data-testid="item-list" {...reorder}>
        {children}
      </ul>
      {/* Read out either way; a refusal is also shown, a move shows itself in the list. */}
      <p
        role="status"
        aria-live="polite"
        className={announcement.failed ? 'mt-3 font-semibold text-red-700 dark:text-red-400' : 'sr-only'}
        data-testid="slide-order-announcement"
      >
        {announcement.text}
      </p>
    </>
  );
}
