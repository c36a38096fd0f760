'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A button that shows and hides a panel (the public side menu, the back office's small-screen
 * menu): Esc and a pointer press outside both close it and give focus back to the button.
 * Spread `buttonProps` on the button and `panelProps` on the panel; `onOpen` runs just before it
 * opens (with the button, e.g. to measure where the panel goes).
 */
export function useDisclosure<Panel extends HTMLElement>(id: string, onOpen?: (button: HTMLButtonElement | null) => void) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<Panel>(null);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  // A press on the button itself is left to its own click handler.
  useDismiss(open, close, [panel, button]);

  return {
    open,
    close,
    /** Closes without moving focus: a link in the panel was followed. */
    closeOnNavigate: () => setOpen(false),
    panel,
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': id,
      onClick: () => {
        if (open) return close();
        onOpen?.(button.current);
        setOpen(true);
      },
    },
    panelProps: { ref: panel, id, hidden: !open },
  };
}

/**
 * While `open`: Escape, or a pointer press outside every element of `inside`, calls `close` (the
 * disclosure above, the back office's section switcher).
 */
export function useDismiss(open: boolean, close: () => void, inside: readonly RefObject<HTMLElement | null>[]): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!inside.some((ref) => ref.current?.contains(target))) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
    // `close` and `inside` only read refs and set state, so the listeners need to follow `open` alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
}
