import { Spinner } from './spinner';

/**
 * A spinner over content that is already rendered. It hides itself with CSS after `ms`, so it
 * needs no JavaScript and can never hide the page for good if scripts fail.
 */
export function TimedOverlay({ ms, label }: { ms: number; label: string }) {
  return (
    <div
      className="timed-overlay pointer-events-none fixed inset-0 z-40 grid place-items-center bg-white/60 dark:bg-black/50"
      style={{ animationDelay: `${ms}ms` }}
    >
      <Spinner label={label} />
    </div>
  );
}
