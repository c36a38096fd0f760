import 'server-only';
import type { DbClient } from '@/lib/db/types';
import { RESTORE_DAYS } from './kinds';

// How long entries and a deleted item's files are kept. Both run with the orphan sweeper
// (lib/uploads/sweeper.ts: at start and every ORPHAN_SWEEP_MINUTES, one instance at a time).

/**
 * Removes the entries older than the retention in the settings. The database's trigger allows
 * exactly these deletes (the same `activity_retention_days()`), so the rule is stated in SQL once.
 */
export async function purgeExpiredActivity(client: DbClient): Promise<number> {
  return client.$executeRaw`DELETE FROM activity_log WHERE created_at < now() - make_interval(days => activity_retention_days())`;
}

/**
 * The files of items deleted within the restore window (a day more, so a restore started on its
 * last day still finds them), by upload folder: the sweeper counts them as referenced. After
 * that they are orphans like any other, and go.
 */
export async function restorableFiles(
  client: DbClient,
  fileColumns: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, Set<string>>> {
  const entries = await client.activityLog.findMany({
    where: {
      kind: 'delete',
      entity: { in: [...fileColumns.keys()] },
      createdAt: { gte: new Date(Date.now() - (RESTORE_DAYS + 1) * 24 * 60 * 60 * 1000) },
    },
    select: { entity: true, snapshot: true },
  });
  const files = new Map<string, Set<string>>();
  for (const { entity, snapshot } of entries) {
    const columns = entity ? fileColumns.get(entity) : undefined;
    if (!entity || !columns || !snapshot || typeof snapshot !== 'object' || Array.isArray(snapshot)) continue;
    const row = snapshot as Record<string, unknown>;
    const names = files.get(entity) ?? new Set<string>();
    const gallery = Array.isArray(row.gallery) ? row.gallery.map((image) => (image as { file?: unknown } | null)?.file) : [];
    for (const name of [...columns.map((column) => row[column]), ...gallery]) if (typeof name === 'string' && name) names.add(name);
    files.set(entity, names);
  }
  return files;
}
