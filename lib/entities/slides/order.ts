import 'server-only';
import type { Who } from '@/lib/activity';
import * as crud from '@/lib/entities/crud';
import { AppError } from '@/lib/errors';
import { slides } from './index';

export type MoveDirection = 'up' | 'down';

/** What renumbering reads of a slide. */
type SlideRow = { id: number; sortOrder: number | null };

/**
 * Numbers the slides 1…n in `order` (ids), each changed number written through the entity write
 * path (logged, caches ended), so positions read as staff see them and the old client's
 * /api/slider, which lists slides in the same order, follows.
 */
async function renumber(rows: SlideRow[], order: number[], moved: number, who: Who): Promise<void> {
  for (const [index, rowId] of order.entries()) {
    const row = rows.find((r) => r.id === rowId);
    if (!row || row.sortOrder === index + 1) continue;
    try {
      await crud.update(slides, rowId, { sortOrder: index + 1 }, null, who);
    } catch (error) {
      // Another slide deleted by someone else meanwhile has no place left to number; the moved
      // slide itself gone is the 404 it would be anywhere.
      if (!(error instanceof AppError && error.status === 404 && rowId !== moved)) throw error;
    }
  }
}

/** The slides in the home page's order, and where `id` is among them (an unknown id: its 404). */
async function current(id: number) {
  const rows = await crud.list(slides);
  const order = rows.map((row) => row.id);
  const from = order.indexOf(id);
  // An unknown id: the same 404 as any other write to it.
  if (from < 0) await crud.get(slides, id);
  return { rows, order, from };
}

/**
 * Moves a slide one place earlier or later in the home page's order (the back office's Move up /
 * Move down), then renumbers the slides in that order.
 */
export async function moveSlide(id: number, direction: MoveDirection, who: Who): Promise<void> {
  const { rows, order, from } = await current(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from >= 0 && to >= 0 && to < order.length) [order[from], order[to]] = [order[to]!, order[from]!];
  await renumber(rows, order, id, who);
}

/**
 * Puts a slide at `position` (1-based) in the home page's order, the others keeping theirs
 * around it (a drag and drop on the slide list); past the end is the end. Positions count the
 * slides as they are now: one deleted meanwhile by someone else no longer takes a place.
 */
export async function moveSlideTo(id: number, position: number, who: Who): Promise<void> {
  const { rows, order, from } = await current(id);
  if (from >= 0) {
    order.splice(from, 1);
    order.splice(Math.min(Math.max(position, 1), order.length + 1) - 1, 0, id);
  }
  await renumber(rows, order, id, who);
}
