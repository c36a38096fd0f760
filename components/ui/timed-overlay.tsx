import type { CSSProperties } from 'react';
import { Spinner } from './spinner';

/** The ring's turn (app/globals.css `.spinner-ring`) and the overlay's fade-out after `ms`. */
const TURN_MS = 1000;
const FADE_MS = 150;

/**
 * A spinner over content that is already rendered. It hides itself with CSS after `ms`, so it
 * needs no JavaScript and can never hide the page for good if scripts fail. The ring turns only
 * while the overlay can be seen, then stops for good.
 */
export function TimedOverlay({ ms, label }: { ms: number; label: string }) {
  const style = { animationDelay: `${ms}ms`, '--spinner-turns': Math.ceil((ms + FADE_MS) / TURN_MS) } as CSSProperties;
  return (
    <div
      className="timed-overlay pointer-events-none fixed inset-0 z-40 grid place-items-center bg-white/60 dark:bg-black/50"
      style={style}
    >
      <Spinner label={label} />
    </div>
  );
}
