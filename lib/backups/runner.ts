import 'server-only';
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Cron } from 'croner';
import pg from 'pg';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { UAE_TIME_ZONE } from '@/lib/i18n/dates';
import { dubaiToday } from '@/lib/inquiries/schema';
import { mailBackupAlarm } from '@/lib/mail/notify';
import { uploadStore } from '@/lib/uploads/store';
import { bucketConfigured, copyToBucket, listBucket, removeFromBucket } from './bucket';
import { archiveTime, createBackup, recordedResult } from './create';
import type { DatabaseSource } from './database';
import { oneLine } from './errors';
import { toPrune } from './retention';
import { verifyArchive } from './verify';

// Backups by themselves (issue 33): croner fires BACKUP_CRON in UAE time in every instance; the
// first to insert the slot's row runs it (a unique key: one archive per slot across N
// instances), under an advisory lock so no two runs overlap (a "Back up now" and the night's).
// Every archive is then verified by a real restore, the retention rules applied, and the result
// recorded in backup_runs, which the dashboard and /Admin/Backups read. A failure, or no verified
// archive for OVERDUE_HOURS, mails the Admins through the outbox, once a UAE day at most.

/** Advisory lock held while a backup runs (any constant no other lock uses). */
export const BACKUP_LOCK_KEY = '7057864200';
/** No verified archive for longer than this mails the Admins. */
export const OVERDUE_HOURS = 26;
/** How often a runner looks for a requested run ("Back up now", `npm run backup` beside a running embedded server). */
const POLL_MS = 3_000;
/** How often the overdue check runs. */
const OVERDUE_CHECK_MS = 10 * 60_000;
/** A run still "running" after this died with its process. */
const STALE_HOURS = 6;
/** Partial files older than this in BACKUP_DIR are a dead run's leftovers. */
const PARTIAL_STALE_MS = STALE_HOURS * 3_600_000;

const log = (line: string) => console.log(`[backup] ${line}`);
const utcNow = () => new Date();

export interface Runner {
  /**
   * Resolves when the start-up sweep has run (its first queries load what the runner needs), so a
   * server can await it before taking requests: that one-time cost then never lands inside one.
   */
  ready: Promise<void>;
  stop(): Promise<void>;
  /** Resolves when the run in progress (if any) has ended. */
  idle(): Promise<void>;
}

/** Runs one claimed run to its end: archive, bucket copy, verification, retention, record, alarm. */
export async function runBackup(runId: number, source: DatabaseSource): Promise<void> {
  const lock = source.kind === 'postgresql' ? new pg.Client({ connectionString: source.url }) : null;
  if (lock) {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1::bigint)', [BACKUP_LOCK_KEY]);
  }
  try {
    await db.backupRun.update({ where: { id: runId }, data: { status: 'running', startedAt: utcNow(), host: os.hostname() } });
    let result;
    try {
      const store = await uploadStore();
      result = await createBackup({ database: source, store, storeKind: config.s3.bucket ? 's3' : 'local' });
    } catch (error) {
      const reason = oneLine(error);
      await db.backupRun.update({ where: { id: runId }, data: { status: 'failed', error: reason, finishedAt: utcNow() } });
      log(`run ${runId} failed: ${reason}`);
      await alarm('failed', reason);
      return;
    }
    const { manifest } = result;
    await db.backupRun.update({
      where: { id: runId },
      data: { status: 'ok', ...recordedResult(result), finishedAt: utcNow() },
    });
    log(`run ${runId}: ${result.file} (${result.size} bytes, ${manifest.database.rows} rows, ${manifest.uploads.count} files)`);
    let problem: string | null = null;
    if (bucketConfigured()) {
      try {
        await copyToBucket(result.file);
      } catch (error) {
        problem = oneLine(error);
        await db.backupRun.update({ where: { id: runId }, data: { error: problem } });
      }
    }
    try {
      await verifyArchive(result.file, {
        ageKey: config.backup.ageKey,
        databaseUrl: source.kind === 'postgresql' ? source.url : undefined,
      });
      await db.backupRun.update({ where: { id: runId }, data: { verifiedAt: utcNow() } });
      log(`run ${runId}: verified by a restore`);
    } catch (error) {
      problem = oneLine(error);
      await db.backupRun.update({ where: { id: runId }, data: { verifyError: problem } });
      log(`run ${runId}: verification failed: ${problem}`);
    }
    await prune().catch((error) => log(`retention skipped: ${oneLine(error)}`));
    if (problem) await alarm('failed', problem);
  } finally {
    if (lock) {
      await lock.query('SELECT pg_advisory_unlock($1::bigint)', [BACKUP_LOCK_KEY]).catch(() => {});
      await lock.end().catch(() => {});
    }
  }
}

/** Applies the retention rules to BACKUP_DIR (and the bucket), and marks the pruned runs. */
export async function prune(): Promise<string[]> {
  const dir = path.resolve(config.backup.dir);
  const local = (await readdir(dir).catch(() => [] as string[])).filter((name) => archiveTime(name));
  const remote = bucketConfigured() ? (await listBucket()).filter((name) => archiveTime(name)) : [];
  const names = [...new Set([...local, ...remote])];
  const verified = new Set(
    (await db.backupRun.findMany({ where: { file: { in: names }, verifiedAt: { not: null } }, select: { file: true } })).map((r) => r.file),
  );
  const doomed = toPrune(
    names.map((name) => ({ name, at: archiveTime(name)!, verified: verified.has(name) })),
    config.backup.keep,
  );
  for (const name of doomed) {
    if (local.includes(name)) await rm(path.join(dir, name), { force: true });
    if (remote.includes(name)) await removeFromBucket(name);
  }
  if (doomed.length) {
    await db.backupRun.updateMany({ where: { file: { in: doomed }, prunedAt: null }, data: { prunedAt: utcNow() } });
    log(`retention removed ${doomed.length} archive(s)`);
  }
  return doomed;
}

/** One mail to every Admin, at most once a UAE day (the outbox's key), saying what went wrong. */
async function alarm(kind: 'failed' | 'overdue', reason: string): Promise<void> {
  try {
    const admins = await db.user.findMany({ where: { isAdmin: true }, select: { email: true } });
    const now = new Date();
    const queued = await mailBackupAlarm(db, { to: admins.map((a) => a.email), day: dubaiToday(now), kind, at: now, reason });
    if (queued) log(`the Admins were mailed (${kind})`);
  } catch (error) {
    log(`the alarm mail could not be queued: ${oneLine(error)}`);
  }
}

/** Overdue: the newest verified archive (or the first run, when none ever verified) older than OVERDUE_HOURS. */
export async function checkOverdue(now = new Date()): Promise<boolean> {
  const verified = await db.backupRun.findFirst({
    where: { verifiedAt: { not: null } },
    orderBy: { verifiedAt: 'desc' },
    select: { verifiedAt: true },
  });
  const first = verified ? null : await db.backupRun.findFirst({ orderBy: { id: 'asc' }, select: { createdAt: true } });
  const since = verified?.verifiedAt ?? first?.createdAt;
  if (!since || now.getTime() - since.getTime() <= OVERDUE_HOURS * 3_600_000) return false;
  await alarm('overdue', verified ? `the last verified backup is from ${since.toISOString()}` : 'no backup has ever been verified');
  return true;
}

/** "Back up now": one requested run at most waits (pressing again returns the same one). */
export async function requestBackup(trigger: 'manual' | 'cli', requestedBy: number | null): Promise<number> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${BigInt(BACKUP_LOCK_KEY) + 1n})`;
    const waiting = await tx.backupRun.findFirst({ where: { status: 'requested' }, select: { id: true } });
    if (waiting) return waiting.id;
    return (await tx.backupRun.create({ data: { trigger, status: 'requested', requestedBy }, select: { id: true } })).id;
  });
}

/** Takes the oldest requested run, if any (SKIP LOCKED: each is taken by one runner). */
async function claimRequested(): Promise<number | null> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE backup_runs SET status = 'running', started_at = timezone('utc', now())
    WHERE id = (SELECT id FROM backup_runs WHERE status = 'requested' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows[0]?.id ?? null;
}

/** The scheduled time's run, if this instance is the first to claim it. */
async function claimSlot(at: Date): Promise<number | null> {
  const slot = at.toISOString();
  const rows = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO backup_runs (slot, trigger, status, host, started_at)
    VALUES (${slot}, 'schedule', 'running', ${os.hostname()}, timezone('utc', now()))
    ON CONFLICT (slot) DO NOTHING
    RETURNING id`;
  return rows[0]?.id ?? null;
}

/** A run whose process died (a crash, a kill) is failed after STALE_HOURS; its partial files go. */
async function sweepStale(): Promise<void> {
  await db.$executeRaw`
    UPDATE backup_runs SET status = 'failed', error = 'interrupted: the process running it stopped', finished_at = timezone('utc', now())
    WHERE status = 'running' AND started_at < timezone('utc', now()) - make_interval(hours => ${STALE_HOURS})`;
  const dir = path.resolve(config.backup.dir);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith('.partial-')) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && Date.now() - info.mtimeMs > PARTIAL_STALE_MS) await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * The time this trigger was scheduled for (croner's currentRun is when it actually fired, which
 * differs by milliseconds between instances): the pattern's latest time up to a second from now.
 */
function scheduledTime(job: Cron): Date {
  return job.previousRuns(1, new Date(Date.now() + 1_000))[0] ?? new Date(Math.floor(Date.now() / 1_000) * 1_000);
}

/** Validates BACKUP_CRON; a bad one is said at start, not at 03:00. */
export function scheduleOf(expression = config.backup.cron): { off: true } | { off: false; next: Date | null } {
  if (expression.toLowerCase() === 'off') return { off: true };
  return { off: false, next: new Cron(expression, { timezone: UAE_TIME_ZONE, paused: true }).nextRun() };
}

/**
 * Starts the schedule and the poll for requested runs in this process. One per process:
 * instrumentation.ts starts it in every server on PostgreSQL, scripts/start.ts in the process that
 * holds the embedded database.
 */
export function startBackupRunner(source: DatabaseSource): Runner {
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  let running: number | null = null;
  let stopped = false;
  let lastOverdueCheck = 0;
  const perform = (claim: () => Promise<number | null>) => {
    if (busy || stopped) return;
    busy = true;
    current = (async () => {
      try {
        running = await claim();
        if (running !== null) await runBackup(running, source);
      } catch (error) {
        log(`skipped: ${oneLine(error)}`);
      } finally {
        busy = false;
        running = null;
      }
    })();
  };
  let job: Cron | null = null;
  const expression = config.backup.cron;
  if (expression.toLowerCase() !== 'off') {
    try {
      job = new Cron(expression, { timezone: UAE_TIME_ZONE, protect: true }, (self: Cron) => perform(() => claimSlot(scheduledTime(self))));
      log(`scheduled "${expression}" (${UAE_TIME_ZONE}); next ${job.nextRun()?.toISOString()}`);
    } catch (error) {
      log(`BACKUP_CRON "${expression}" is not a cron expression (${oneLine(error)}): no scheduled backups`);
    }
  } else log('BACKUP_CRON=off: no scheduled backups ("Back up now" and npm run backup still work)');
  const ready = sweepStale()
    .catch(() => {})
    .then(() => perform(claimRequested));
  const poll = setInterval(() => {
    perform(claimRequested);
    if (job && Date.now() - lastOverdueCheck > OVERDUE_CHECK_MS) {
      lastOverdueCheck = Date.now();
      void checkOverdue().catch(() => {});
      void sweepStale().catch(() => {});
    }
  }, POLL_MS);
  poll.unref();
  return {
    ready,
    /** Takes no new run; a run in progress is not waited for (a backup outlasts any drain): it is marked interrupted. */
    async stop() {
      stopped = true;
      job?.stop();
      clearInterval(poll);
      if (running !== null) {
        await db.backupRun
          .update({
            where: { id: running },
            data: { status: 'failed', error: 'interrupted: the server was stopped while it ran', finishedAt: utcNow() },
          })
          .catch(() => {});
      }
    },
    idle: () => current,
  };
}
