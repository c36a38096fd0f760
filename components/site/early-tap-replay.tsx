'use client';

import { useEffect } from 'react';
import { EARLY_TAPS, EARLY_TAPS_LIVE } from './early-taps';

type EarlyWindow = Window & Record<string, unknown>;

/**
 * Clicks again every button tapped before React ran (kept by the head script, EarlyControlsScript),
 * now that React handles them. Placed last in the body: effects run child first and in order, so
 * every component of the page has run its own effects when this one does.
 */
export function EarlyTapReplay() {
  useEffect(() => {
    const w = window as unknown as EarlyWindow;
    w[EARLY_TAPS_LIVE] = true;
    const taps = Array.isArray(w[EARLY_TAPS]) ? (w[EARLY_TAPS] as HTMLButtonElement[]).splice(0) : [];
    // One tap per task, as a person's taps come: React renders what each did before the next
    // (clicks run back to back in one task would all see the state from before the first).
    // Not cancelled on unmount: the taps were taken from the list and must still act.
    const replayNext = () => {
      const button = taps.shift();
      if (!button) return;
      if (button.isConnected && !button.disabled) button.click();
      setTimeout(replayNext, 0);
    };
    setTimeout(replayNext, 0);
  }, []);
  return null;
}
