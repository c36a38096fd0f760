'use client';

import { useRef, type PointerEvent } from 'react';
import { DRAGGING, REORDER_HANDLE, TARGET } from './reorder-marks';
import { useScripted } from '@/components/ui/use-scripted';

/** Near the window's top or bottom edge a drag scrolls the page, so a long list can be crossed. */
const EDGE_PX = 48;
const SCROLL_STEP_PX = 24;
/** A bar that stays over the page's top (the back office's phone bar): the top edge starts under it. */
const STICKY_TOP = 'data-sticky-top';

/** Where the visible page begins: under the sticky bars at the window's top, if any are there. */
function topInset(): number {
  let inset = 0;
  for (const bar of document.querySelectorAll(`[${STICKY_TOP}]`)) {
    const r = bar.getBoundingClientRect();
    if (r.height > 0 && r.top <= 0) inset = Math.max(inset, r.bottom);
  }
  return inset;
}

interface Drag {
  pointerId: number;
  from: number;
  over: number;
  items: HTMLElement[];
  /** The visible page's top when the drag began (a sticky bar's bottom, else 0). */
  top: number;
}

/** The item under the point, else the one whose centre is nearest (the gaps between cards). */
function indexAt(items: HTMLElement[], x: number, y: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (const [i, item] of items.entries()) {
    const r = item.getBoundingClientRect();
    if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return i;
    const distance = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2));
    if (distance < bestDistance) [best, bestDistance] = [i, distance];
  }
  return best;
}

/**
 * Reorder by dragging, for a mouse, a finger or a pen alike (pointer events: the HTML drag and
 * drop API does nothing on touch screens). Spread the answer on the list element: its children
 * are the items, and a press on an element marked `data-reorder-handle` inside one starts a drag
 * (the handle needs `touch-none`, or the browser scrolls instead). Dropped on another item, the
 * dragged one takes that item's place: `onMove(from, to)`, 0-based. The list's markup is not
 * React's to know (it may be server-rendered children): the dragged and target items are marked
 * by attributes while the drag lasts. The keyboard's way stays each list's Move buttons.
 */
export function usePointerReorder(onMove: (from: number, to: number) => void, disabled = false) {
  const drag = useRef<Drag | null>(null);
  // False in the server's HTML and before hydration: the handles show only once they work.
  const scripted = useScripted();

  const mark = (state: Drag | null, over: number | null) => {
    for (const [i, item] of (state?.items ?? []).entries()) {
      item.toggleAttribute(DRAGGING, over !== null && i === state!.from);
      item.toggleAttribute(TARGET, over !== null && i === over && i !== state!.from);
    }
  };

  const end = () => {
    mark(drag.current, null);
    drag.current = null;
  };

  return {
    'data-reorder-ready': scripted ? '' : undefined,
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (disabled || drag.current || !e.isPrimary || e.button !== 0) return;
      const handle = (e.target as Element).closest<HTMLElement>(`[${REORDER_HANDLE}]`);
      if (!handle || !e.currentTarget.contains(handle)) return;
      const items = Array.from(e.currentTarget.children) as HTMLElement[];
      const from = items.findIndex((item) => item.contains(handle));
      if (from < 0) return;
      // No text selection, no focus moving to the handle: the press is the drag's start.
      e.preventDefault();
      handle.setPointerCapture(e.pointerId);
      drag.current = { pointerId: e.pointerId, from, over: from, items, top: topInset() };
      mark(drag.current, from);
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      const state = drag.current;
      if (!state || state.pointerId !== e.pointerId) return;
      // Under a sticky bar the finger could not reach the zone: it starts at the bar's bottom edge.
      if (e.clientY < state.top + EDGE_PX) window.scrollBy(0, -SCROLL_STEP_PX);
      else if (e.clientY > window.innerHeight - EDGE_PX) window.scrollBy(0, SCROLL_STEP_PX);
      state.over = indexAt(state.items, e.clientX, e.clientY);
      mark(state, state.over);
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      const state = drag.current;
      if (!state || state.pointerId !== e.pointerId) return;
      end();
      if (state.over !== state.from) onMove(state.from, state.over);
    },
    // The browser took the pointer back (a system gesture, a lost capture): nothing moves.
    onPointerCancel: end,
    onLostPointerCapture(e: PointerEvent<HTMLElement>) {
      if (drag.current?.pointerId === e.pointerId) end();
    },
  };
}
