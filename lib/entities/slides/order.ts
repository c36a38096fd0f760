import 'server-only';
import type { Who } from '@/lib/activity';
import * as crud from '@/lib/entities/crud';
import { AppError } from '@/lib/errors';
import { slides } from './index';

export type MoveDirection = 'up' | 'down';

/**
 * Moves a slide one place earlier or later in the home page's order (the back office's Move up /
 * Move down). The slides are then numbered 1…n in that order, each changed number written
 * through the entity write path (logged, caches ended), so positions read as staff see them and
 * the old client's /api/slider, which lists slides in the same order, follows.
 */
export async function moveSlide(id: number, direction: MoveDirection, who: Who): Promise<void> {
  const rows = await crud.list(slides);
  const from = rows.findIndex((row) => row.id === id);
  // An unknown id: the same 404 as any other write to it.
  if (from < 0) await crud.get(slides, id);
  const to = direction === 'up' ? from - 1 : from + 1;
  const order = rows.map((row) => row.id);
  if (from >= 0 && to >= 0 && to < order.length) [order[from], order[to]] = [order[to]!, order[from]!];
  for (const [index, rowId] of order.entries()) {
    const row = rows.find((r) => r.id === rowId);
    if (!row || row.sortOrder === index + 1) continue;
    try {
      await crud.update(slides, rowId, { sortOrder: index + 1 }, null, who);
    } catch (error) {
      // Another slide deleted by someone else meanwhile has no place left to number; the moved
      // slide itself gone is the 404 it would be anywhere.
      if (!(error instanceof AppError && error.status === 404 && rowId !== id)) throw error;
    }
  }
}
