import os from 'node:os';
import { randomBytes, createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { recordedResult, type BackupResult } from './create';
import { OVERDUE_HOURS, scheduleOf } from './runner';

// What the back office reads of backups (the dashboard's line, /Admin/Backups) and the one-time
// download links. Read live, never cached.

export interface BackupLine {
  schedule: { off: true } | { off: false; next: Date | null };
  /** The newest finished run (ok or failed), if any. */
  last: { at: Date; ok: boolean; verified: boolean; error: string | null } | null;
  /** The newest verified archive's time. */
  lastVerified: Date | null;
  overdue: boolean;
}

export async function backupLine(now = new Date()): Promise<BackupLine> {
  const [last, verified] = await Promise.all([
    db.backupRun.findFirst({ where: { status: { in: ['ok', 'failed'] } }, orderBy: { id: 'desc' } }),
    db.backupRun.findFirst({ where: { verifiedAt: { not: null } }, orderBy: { verifiedAt: 'desc' }, select: { verifiedAt: true } }),
  ]);
  const schedule = scheduleOf();
  const lastVerified = verified?.verifiedAt ?? null;
  return {
    schedule,
    last: last
      ? {
          at: last.finishedAt ?? last.createdAt,
          ok: last.status === 'ok' && !last.verifyError,
          verified: Boolean(last.verifiedAt),
          error: last.status === 'failed' ? last.error : (last.verifyError ?? last.error),
        }
      : null,
    lastVerified,
    overdue: !schedule.off && last !== null && (!lastVerified || now.getTime() - lastVerified.getTime() > OVERDUE_HOURS * 3_600_000),
  };
}

export const BACKUPS_PAGE_SIZE = 20;

export async function listRuns(page: number) {
  const [runs, total] = await Promise.all([
    db.backupRun.findMany({ orderBy: { id: 'desc' }, skip: (page - 1) * BACKUPS_PAGE_SIZE, take: BACKUPS_PAGE_SIZE }),
    db.backupRun.count(),
  ]);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / BACKUPS_PAGE_SIZE)),
    runs: runs.map((run) => ({ ...run, available: isAvailable(run) })),
  };
}

/** Downloadable while its file is here (or in the bucket) and not pruned. */
function isAvailable(run: { file: string | null; prunedAt: Date | null }): boolean {
  return Boolean(
    run.file && !run.prunedAt && (config.backup.s3.bucket || existsSync(path.join(path.resolve(config.backup.dir), run.file))),
  );
}

/** The run with this id if its archive can be downloaded (the back office's Download), else null. */
export async function downloadableRun(id: number) {
  const run = await db.backupRun.findUnique({ where: { id } });
  return run && isAvailable(run) ? run : null;
}

/** A run `npm run backup` made, recorded after the fact (so the archive itself does not hold it). */
export async function recordCliRun(result: BackupResult, verifiedAt: Date | null, error: string | null): Promise<void> {
  await db.backupRun.create({
    data: {
      trigger: 'cli',
      status: 'ok',
      host: os.hostname(),
      ...recordedResult(result),
      verifiedAt,
      error,
      startedAt: new Date(Date.now() - result.durationMs),
      finishedAt: new Date(),
    },
  });
}

/** How long a download link works, and it works once. */
export const DOWNLOAD_LINK_MS = 5 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function createDownloadLink(runId: number, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.backupLink.create({ data: { tokenHash: sha256(token), runId, userId, expiresAt: new Date(Date.now() + DOWNLOAD_LINK_MS) } });
  return token;
}

/** Spends a link: the run it opens, once, for the person it was made for, before it expires. */
export async function useDownloadLink(token: string, userId: number) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const now = new Date();
  const spent = await db.backupLink.updateMany({
    where: { tokenHash: sha256(token), userId, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (spent.count !== 1) return null;
  const link = await db.backupLink.findUnique({ where: { tokenHash: sha256(token) }, include: { run: true } });
  return link?.run ?? null;
}
