import { GripIcon } from '@/components/ui/icons';
import { REORDER_HANDLE } from './reorder-marks';

/**
 * The grip that starts a drag in a list using `usePointerReorder`. Shown only once the list's
 * script runs (the list is then marked `data-reorder-ready`): without scripts it would do
 * nothing. Out of the tab order: the keyboard reorders with the Move buttons beside it, so a
 * handle that takes focus but answers no key would be a dead stop. `touch-none`: a finger on it
 * drags the item instead of scrolling the page.
 */
export function DragHandle({ label, testId }: { label: string; testId: string }) {
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={label}
      title={label}
      {...{ [REORDER_HANDLE]: '' }}
      className="hidden size-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-zinc-600 ring-1 ring-zinc-300 select-none group-data-reorder-ready/reorder:inline-flex active:cursor-grabbing dark:text-zinc-300 dark:ring-zinc-700"
      data-testid={testId}
    >
      <GripIcon />
    </button>
  );
}
