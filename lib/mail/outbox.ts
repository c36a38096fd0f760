import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { DbClient } from '@/lib/db/types';

/**
 * The mail outbox (issue 19): a mail is a row written in the transaction of the write it
 * announces, so it exists exactly when that write committed, and a worker in every server process
 * sends what is due over SMTP. SMTP down: the row stays, its attempts count up and it is tried
 * again with back-off until SMTP answers. Several instances: a row is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so only one worker sends it.
 *
 * Exactly once, and the one gap: a row is marked sent right after the SMTP server accepted it. A
 * crash (or a database outage outlasting the retries of that mark) between the accept and the mark
 * sends it once more when its lease runs out. Every send of a row carries the same Message-ID
 * (made from its dedupe key and creation time), so the receiving side can recognise the copy.
 */

export interface OutgoingMail {
  /** One mail per key, ever (e.g. `inquiry:12`): a second enqueue with the same key is a no-op. */
  dedupeKey: string;
  kind: string;
  to: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
}

interface ClaimedMail {
  id: number;
  dedupeKey: string;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  createdAt: Date;
}

/** How long a claim holds a row; a send is bounded by the transport's timeouts (well under this). */
const LEASE_SECONDS = 300;
/** A batch stops taking new rows after this, so every send of it ends inside the lease. */
const BATCH_SECONDS = LEASE_SECONDS / 2;
const BATCH_SIZE = 10;
const TICK_MS = 5_000;
/** Back-off after the n-th failure: 5 s, 10 s, 20 s … capped at 10 minutes, never given up. */
export const retryDelaySeconds = (attempts: number) => Math.min(600, 5 * 2 ** Math.max(0, attempts - 1));
// The transport's own timeouts (nodemailer's defaults are minutes): a silent SMTP host fails the
// attempt in seconds and it is retried later.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

/**
 * Queues a mail inside `tx` (ON CONFLICT DO NOTHING on the dedupe key). Returns whether a row was
 * added. With no mail configured nothing is queued: the product sends no mail (docs/leads-and-mail.md).
 */
export async function enqueue(tx: DbClient, mail: OutgoingMail): Promise<boolean> {
  if (!config.mail.configured || mail.to.length === 0) return false;
  const added = await tx.$executeRaw`
    INSERT INTO mail_outbox (dedupe_key, kind, "to", reply_to, subject, text, html)
    VALUES (${mail.dedupeKey}, ${mail.kind}, ${mail.to}::text[], ${mail.replyTo ?? null}, ${mail.subject}, ${mail.text}, ${mail.html})
    ON CONFLICT (dedupe_key) DO NOTHING`;
  if (added > 0) wakeAfterCommit(mail.dedupeKey);
  return added > 0;
}

/**
 * Queues or refreshes a digest inside `tx`: one row per window key (e.g.
 * `registrations:<window start>`), due at `dueAtEpochSeconds` (the window's end, by the database's
 * clock). Until a worker claims it, a later call for the same key replaces its recipients and
 * words, so the one mail of the window says what the last write of the window saw. Returns false
 * when the row is already claimed or sent: what the caller announces then belongs in the next
 * window's row. Concurrent callers for one key wait on the row's lock; they should also serialise
 * what they count (notify.ts takes an advisory lock), or the last to write may have counted less.
 */
export async function enqueueDigest(tx: DbClient, mail: OutgoingMail, dueAtEpochSeconds: number): Promise<boolean> {
  if (!config.mail.configured || mail.to.length === 0) return false;
  const written = await tx.$executeRaw`
    INSERT INTO mail_outbox (dedupe_key, kind, "to", reply_to, subject, text, html, next_attempt_at)
    VALUES (${mail.dedupeKey}, ${mail.kind}, ${mail.to}::text[], ${mail.replyTo ?? null}, ${mail.subject}, ${mail.text}, ${mail.html},
      to_timestamp(${dueAtEpochSeconds}::double precision))
    ON CONFLICT (dedupe_key) DO UPDATE SET
      "to" = EXCLUDED."to", reply_to = EXCLUDED.reply_to, subject = EXCLUDED.subject, text = EXCLUDED.text, html = EXCLUDED.html
    WHERE mail_outbox.sent_at IS NULL AND (mail_outbox.locked_until IS NULL OR mail_outbox.locked_until < now())`;
  return written > 0;
}

/** The transport for SMTP_URL (null when mail is not configured). */
export function smtpTransport(url = config.mail.smtpUrl): Transporter | null {
  return url ? nodemailer.createTransport({ url, ...TIMEOUTS }) : null;
}

/** A Message-ID that is the same for every send of one row and differs between rows and sites. */
export function messageId(row: { dedupeKey: string; createdAt: Date }): string {
  const host = new URL(config.siteUrl).hostname || 'localhost';
  return `<${row.dedupeKey.replace(/[^A-Za-z0-9.-]/g, '.')}.${row.createdAt.getTime()}@${host}>`;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

/**
 * One pass of the worker: claims up to `limit` due rows (none another worker holds), sends them,
 * marks each sent or failed. Safe to run at once in any number of processes.
 */
export async function deliverDue(options: { transport: Transporter; from: string; limit?: number }): Promise<DeliveryResult> {
  const claimed = await db.$queryRaw<ClaimedMail[]>`
    UPDATE mail_outbox SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE sent_at IS NULL AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY id
      LIMIT ${options.limit ?? BATCH_SIZE}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, dedupe_key AS "dedupeKey", "to", reply_to AS "replyTo", subject, text, html, attempts, created_at AS "createdAt"`;
  const started = Date.now();
  const result: DeliveryResult = { sent: 0, failed: 0 };
  const rows = claimed.sort((a, b) => a.id - b.id);
  for (const [index, row] of rows.entries()) {
    if (Date.now() - started > BATCH_SECONDS * 1000) {
      // Too late to start another send inside the lease: hand the rest back untouched.
      const rest = rows.slice(index).map((r) => r.id);
      await db.$executeRaw`UPDATE mail_outbox SET locked_until = NULL WHERE id = ANY(${rest}::int[]) AND sent_at IS NULL`;
      break;
    }
    let accepted = false;
    try {
      const info = await options.transport.sendMail({
        from: options.from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: messageId(row),
      });
      accepted = true;
      if (info.rejected?.length) console.warn(`[mail] ${row.dedupeKey}: the server refused ${info.rejected.length} recipient(s)`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const delay = retryDelaySeconds(row.attempts + 1);
      await db.$executeRaw`
        UPDATE mail_outbox SET attempts = attempts + 1, last_error = ${reason.slice(0, 1000)}, locked_until = NULL,
          next_attempt_at = now() + make_interval(secs => ${delay})
        WHERE id = ${row.id}`;
      // SMTP down degrades mail, not the site (/readyz stays ready): it is logged, and shown in the back office.
      console.warn(`[mail] ${row.dedupeKey}: attempt ${row.attempts + 1} failed (${reason}); next in ${delay} s`);
      result.failed += 1;
    }
    if (accepted) {
      await markSent(row.id);
      result.sent += 1;
    }
  }
  return result;
}

/** Right after the SMTP accept; retried briefly, since a lost mark is the one way to send twice. */
async function markSent(id: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.$executeRaw`UPDATE mail_outbox SET sent_at = now(), locked_until = NULL, last_error = NULL WHERE id = ${id}`;
      return;
    } catch (error) {
      if (attempt >= 5) {
        console.error(`[mail] row ${id} was sent but could not be marked sent; it may be sent once more`, error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

// The worker's state lives on globalThis: Next bundles instrumentation.ts and the routes that
// enqueue separately, and they must find the same worker.
interface WorkerState {
  timer: NodeJS.Timeout;
  /** Work that makes mail, done at the start of each pass (the reset requests). */
  beforePass: (() => Promise<unknown>) | undefined;
  transport: Transporter;
  from: string;
  current: Promise<void> | null;
  again: boolean;
  stopped: boolean;
}
const state = globalThis as unknown as { mailWorker?: WorkerState | 'off' };

function runWorker(worker: WorkerState): void {
  if (worker.stopped) return;
  if (worker.current) {
    // A wake during a pass: one more pass right after it, for the row that woke it.
    worker.again = true;
    return;
  }
  worker.current = (async () => {
    do {
      worker.again = false;
      try {
        // Its failure (the database down) is its own: the mail already queued still goes.
        await worker
          .beforePass?.()
          .catch((error: unknown) => console.error('[mail] mail-making step skipped:', error instanceof Error ? error.message : error));
        let result: DeliveryResult;
        // A full batch may mean more are due: keep going until a pass takes fewer.
        do result = await deliverDue({ transport: worker.transport, from: worker.from });
        while (!worker.stopped && result.sent + result.failed === BATCH_SIZE && result.failed === 0);
      } catch (error) {
        console.error('[mail] outbox pass skipped:', error instanceof Error ? error.message : error);
      }
    } while (worker.again && !worker.stopped);
  })().finally(() => {
    worker.current = null;
  });
}

/**
 * At start and every 5 s (instrumentation.ts calls it once per server process). `beforePass`: work
 * that makes mail, run at the start of each pass, on the worker's clock and not a request's.
 */
export function startMailWorker(options: { beforePass?: () => Promise<unknown> } = {}): void {
  if (state.mailWorker) return;
  const transport = config.mail.configured ? smtpTransport() : null;
  if (!transport) {
    state.mailWorker = 'off';
    console.log('[mail] SMTP_URL and MAIL_FROM not both set: no mail is queued or sent');
    return;
  }
  const worker: WorkerState = {
    timer: setInterval(() => runWorker(worker), TICK_MS),
    beforePass: options.beforePass,
    transport,
    from: config.mail.from,
    current: null,
    again: false,
    stopped: false,
  };
  // The timer never keeps a stopping server alive.
  worker.timer.unref();
  state.mailWorker = worker;
  runWorker(worker);
  // On shutdown the worker takes no new mail and finishes the one being sent, so its "sent" mark
  // lands well before the server exits (server/main.ts drains for SHUTDOWN_DELAY_SECONDS first): a
  // mail accepted by SMTP but not marked would be sent again by the next worker.
  const stop = () => void stopMailWorker(1_000);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/** Stops the timer and waits (at most `waitMs`) for a pass in flight, so its marks land before the pool closes. */
export async function stopMailWorker(waitMs = 5_000): Promise<void> {
  const worker = state.mailWorker;
  if (!worker || worker === 'off') return;
  worker.stopped = true;
  clearInterval(worker.timer);
  if (worker.current) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([worker.current, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }
  worker.transport.close();
}

// Polls after an enqueue: the row becomes visible to another connection when its transaction
// commits (READ COMMITTED), and a pass right then sends it in about a second, not at the next tick.
const WAKE_DELAYS_MS = [50, 100, 200, 400, 800, 1600, 3200];

function wakeAfterCommit(dedupeKey: string): void {
  const worker = state.mailWorker;
  if (!worker || worker === 'off' || worker.stopped) return;
  void (async () => {
    for (const delay of WAKE_DELAYS_MS) {
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
      try {
        const row = await db.mailOutbox.findUnique({ where: { dedupeKey }, select: { id: true } });
        if (row) return runWorker(worker);
      } catch {
        return; // the next tick will find it
      }
    }
    // Not committed after ~6 s (rolled back, or a long transaction): the regular tick covers it.
  })();
}

export interface MailStatus {
  configured: boolean;
  /** Not yet sent. */
  waiting: number;
  /** The latest error among the mails still waiting, if any. */
  lastError: string | null;
}

/** What the back office shows about mail. */
export async function mailStatus(): Promise<MailStatus> {
  const [waiting, failing] = await Promise.all([
    db.mailOutbox.count({ where: { sentAt: null } }),
    db.mailOutbox.findFirst({ where: { sentAt: null, lastError: { not: null } }, orderBy: { id: 'desc' }, select: { lastError: true } }),
  ]);
  return { configured: config.mail.configured, waiting, lastError: failing?.lastError ?? null };
}
