import 'server-only';
import { db } from '@/lib/db/client';
import { restore } from '@/lib/entities/crud';
import { entityByKey } from '@/lib/entities/registry';
import { conflict, notFound } from '@/lib/errors';
import { RESTORE_DAYS } from './kinds';
import type { Who } from './index';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether an entry is a delete of a content entity young enough to be undone (not counting an earlier restore). */
export function canRestore(entry: { kind: string; entity: string | null; snapshot: unknown; createdAt: Date }, now = Date.now()): boolean {
  return (
    entry.kind === 'delete' &&
    entry.entity !== null &&
    entityByKey(entry.entity) !== undefined &&
    entry.snapshot !== null &&
    now - entry.createdAt.getTime() < RESTORE_DAYS * DAY_MS
  );
}

/**
 * Restores the item a delete entry recorded (Admins, from /Admin/Activity). 404 for an entry that
 * is not such a delete; 409 `restoreExpired` after RESTORE_DAYS, `alreadyRestored` once undone,
 * and crud.restore's own refusals. Answers the entity's key and the row's id.
 */
export async function restoreFromEntry(entryId: number, who: Who): Promise<{ entity: string; id: number }> {
  const entry = await db.activityLog.findUnique({ where: { id: entryId } });
  const entity = entry?.entity ? entityByKey(entry.entity) : undefined;
  if (!entry || !entity || entry.kind !== 'delete' || !entry.snapshot || typeof entry.snapshot !== 'object') throw notFound();
  if (!canRestore(entry)) throw conflict('restoreExpired');
  if (await db.activityLog.count({ where: { restoresId: entry.id } })) throw conflict('alreadyRestored');
  const id = await restore(entity, entry.snapshot as Record<string, unknown>, entry.id, who);
  return { entity: entity.key, id };
}
