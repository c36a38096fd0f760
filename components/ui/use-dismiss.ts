'use client';

import { useEffect, type RefObject } from 'react';

/**
 * While `open`, closes on Esc and on a pointer press outside every element in `inside` (the
 * panel and the button that opens it, so pressing the button again is left to its own handler).
 */
export function useDismiss(open: boolean, inside: RefObject<HTMLElement | null>[], onDismiss: () => void) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onDismiss();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!inside.some((ref) => ref.current?.contains(target))) onDismiss();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
    // `inside` and `onDismiss` are new on every render; the listeners only need to follow `open`
    // (both callers' handlers only close, which does not depend on the render they come from).
  }, [open]);
}
