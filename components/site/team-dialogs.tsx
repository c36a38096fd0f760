'use client';

import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Wires the server-rendered member cards to their server-rendered <dialog>s. The native modal
 * dialog traps focus, closes on Esc and returns focus to the card; a click on the backdrop (the
 * dialog element itself) or on an element with data-dialog-close closes it too.
 */
export function TeamDialogs({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as HTMLElement;
      const opener = target.closest<HTMLElement>('[data-dialog-open]');
      if (opener) {
        root.querySelector<HTMLDialogElement>(`#${opener.dataset.dialogOpen}`)?.showModal();
        return;
      }
      const dialog = target.closest('dialog');
      if (dialog && (target === dialog || target.closest('[data-dialog-close]'))) dialog.close();
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, []);
  return <div ref={box}>{children}</div>;
}
