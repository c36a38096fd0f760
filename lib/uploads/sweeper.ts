import 'server-only';
import { purgeExpiredActivity, restorableFiles } from '@/lib/activity/retention';
import { purgeExpiredLinks } from '@/lib/auth/account-links';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { imageNames } from '@/lib/entities/crud';
import { IMAGE_ENTITIES } from '@/lib/entities/registry';
import { fileColumns } from '@/lib/entities/define';
import { settingsFileNames } from '@/lib/settings/files';
import { withCuts } from './cuts';
import { moveFile, uploadStore } from './store';
import { SITE_FOLDER, STORE_FOLDERS, trashOf, type StoreFolder, type UploadFolder } from './store-contract';

/**
 * Removes stored files no row refers to: what a crash between storing a file and writing its row
 * leaves behind (kill -9 during an upload burst left 0-2 per trial), and half-written `.tmp`
 * files. Only files older than the grace period go, so an upload in flight (stored, row not yet
 * written) is never touched. A database error skips the sweep: not being able to read the
 * references never means "nothing is referenced".
 */

// PostgreSQL advisory lock key (any constant): several instances on one database never sweep at once.
const SWEEP_LOCK = 16_0002;

export type SweepResult = { swept: true; removed: string[]; kept: number } | { swept: false; reason: 'busy' };

export async function sweepOrphans(graceSeconds = config.orphanGraceSeconds, now = Date.now()): Promise<SweepResult> {
  return db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<Array<{ locked: boolean }>>`SELECT pg_try_advisory_xact_lock(${SWEEP_LOCK}::bigint) AS locked`;
      if (!lock?.locked) return { swept: false, reason: 'busy' } as const;
      // The store itself, not the app's `uploads`: a removal that fails must count as not done.
      const store = await uploadStore();
      // Each entity's files live in the folder named after its key, the settings' in their own;
      // a deleted item's in its folder's trash.
      const folders = STORE_FOLDERS;
      // Listed before the references are read: a file stored after this point is not looked at,
      // and one stored before it is referenced by then unless it is an orphan (or in flight, and young).
      const stored = new Map(await Promise.all(folders.map(async (folder) => [folder, await store.list(folder)] as const)));
      const referenced = new Map<StoreFolder, Set<string>>(folders.map((folder) => [folder, new Set<string>()]));
      for (const entity of IMAGE_ENTITIES) {
        const names = referenced.get(entity.key as UploadFolder)!;
        for (const name of await imageNames(entity, tx)) names.add(name);
      }
      for (const name of await settingsFileNames(tx)) referenced.get(SITE_FOLDER)!.add(name);
      // A deleted item's files are kept, in the trash, while it can be restored from the activity log.
      const restorable = await restorableFiles(tx, new Map(IMAGE_ENTITIES.map((entity) => [entity.key, fileColumns(entity)])));
      for (const [folder, names] of restorable) {
        for (const name of names) referenced.get(trashOf(folder as UploadFolder))?.add(name);
      }
      // A file's stored cuts (lib/uploads/cuts.ts) are kept, and trashed, exactly as it is; the cuts
      // of a file that is gone are orphans like any other.
      for (const sets of [referenced.values(), restorable.values()]) {
        for (const names of sets) for (const name of [...names]) for (const file of withCuts(name)) names.add(file);
      }
      const removed: string[] = [];
      let kept = 0;
      for (const [folder, files] of stored) {
        const names = referenced.get(folder)!;
        for (const file of files) {
          // Young files are in flight (an upload, or a restore bringing its files back): not touched.
          if (names.has(file.name) || now - file.modified.getTime() < graceSeconds * 1000) {
            kept += 1;
            continue;
          }
          // A deleted item's file left in its served folder (storage was down at the delete): to the trash.
          if (!folder.startsWith('trash-') && restorable.get(folder)?.has(file.name)) {
            try {
              await moveFile(store, folder, trashOf(folder as UploadFolder), file.name);
              console.log(`[uploads] moved ${folder}/${file.name} to the trash (its item was deleted)`);
            } catch (error) {
              console.error(`[uploads] could not move ${folder}/${file.name} to the trash:`, error);
            }
            kept += 1;
            continue;
          }
          try {
            await store.remove(folder, file.name);
            removed.push(`${folder}/${file.name}`);
            console.log(`[uploads] removed orphan ${folder}/${file.name} (stored ${file.modified.toISOString()}, no row refers to it)`);
          } catch (error) {
            console.error(`[uploads] could not remove orphan ${folder}/${file.name}:`, error);
          }
        }
      }
      return { swept: true, removed, kept } as const;
    },
    // Holds one connection for the sweep (file listing included); the lock goes with the transaction.
    { maxWait: 10_000, timeout: 120_000 },
  );
}

const state = globalThis as unknown as { orphanSweeper?: NodeJS.Timeout | 'off' };

/** At start and every ORPHAN_SWEEP_MINUTES (instrumentation.ts calls it once per server process). */
export function startOrphanSweeps(): void {
  if (state.orphanSweeper) return;
  const minutes = config.orphanSweepMinutes;
  if (!minutes) {
    state.orphanSweeper = 'off';
    console.log('[uploads] orphan sweeper off (ORPHAN_SWEEP_MINUTES=0)');
    return;
  }
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      // The activity log's retention runs on the same schedule: old entries go once the settings say so.
      const purged = await purgeExpiredActivity(db);
      if (purged) console.log(`[activity] ${purged} entries past the retention removed`);
      // So do expired one-time links (password resets, invitations, code steps).
      const links = await purgeExpiredLinks(db);
      if (links) console.log(`[accounts] ${links} expired one-time links removed`);
      const result = await sweepOrphans();
      if (result.swept) console.log(`[uploads] orphan sweep done: ${result.removed.length} removed, ${result.kept} kept`);
      else console.log('[uploads] orphan sweep skipped: another instance is sweeping');
    } catch (error) {
      console.error('[uploads] orphan sweep skipped (nothing removed):', error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  void run();
  state.orphanSweeper = setInterval(() => void run(), minutes * 60_000);
  // The timer never keeps a stopping server alive.
  state.orphanSweeper.unref();
}
