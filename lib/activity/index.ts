import 'server-only';
import { db } from '@/lib/db/client';
import type { DbClient } from '@/lib/db/types';
import type { Prisma } from '@/lib/generated/prisma/client';
import { config } from '@/lib/config';
import type { ActivityKind, Changes, CountedKind, LoggedValue } from './kinds';

// The one writer of the activity log (issue 26). Every write that is logged calls `recordActivity`
// with its own transaction, so the entry and the change commit together or not at all; a
// security event that writes nothing else (a refused sign-in) calls `recordActivityAlone`.
// Entries are never changed afterwards: the database refuses it (see the migration).

export type { ActivityKind, Changes, LoggedValue } from './kinds';

/** Who did it: the signed-in person (null: nobody signed in, e.g. a refused sign-in) and the client address. */
export interface Who {
  actor: { id: number; name: string; email: string } | null;
  /** From `clientAddress` (lib/auth/client-address.ts): the socket's or the trusted proxy's. */
  address: string;
}

export interface ActivityInput extends Who {
  kind: ActivityKind;
  /** A content entity's key, or 'settings' | 'inquiries' | 'users'. */
  entity?: string | null;
  entityId?: number | null;
  changes?: Changes;
  /** A deleted row as it was, for a restore (content entities only). */
  snapshot?: Record<string, LoggedValue> | null;
  /** A code saying more (a refused sign-in's reason, the e-mail typed). */
  detail?: string;
  /** A restore: the delete entry it undoes. */
  restoresId?: number;
}

// Bounds on what a caller outside our control sets (a typed e-mail, a forwarded address).
const SHORT = 254;

/** Never logged, whatever a row or a form holds: password and token hashes, secrets. */
const SECRET = /password|token|secret|hash/i;

export async function recordActivity(tx: DbClient, input: ActivityInput): Promise<void> {
  await tx.activityLog.create({
    data: {
      actorId: input.actor?.id ?? null,
      actorName: (input.actor?.name ?? '').slice(0, SHORT),
      actorEmail: (input.actor?.email ?? '').slice(0, SHORT),
      address: input.address.slice(0, SHORT),
      kind: input.kind,
      entity: input.entity ?? null,
      entityId: input.entityId ?? null,
      changes: scrub(input.changes ?? {}) as Prisma.InputJsonValue,
      ...(input.snapshot ? { snapshot: scrub(input.snapshot) as Prisma.InputJsonValue } : {}),
      detail: (input.detail ?? '').slice(0, SHORT),
      restoresId: input.restoresId ?? null,
    },
  });
}

/** For an event that changes nothing else (a sign-in, a refusal): the entry in a transaction of its own. */
export async function recordActivityAlone(input: ActivityInput): Promise<void> {
  await recordActivity(db, input);
}

/**
 * A security event anyone can cause (a refused sign-in, a wrong code): one entry per kind, address,
 * account (`accountKey`: the account's id, or '' for none or several) and window of the sign-in
 * throttle, made by the first event and counted up by the next ones (its `repeats` and `lastAt`;
 * the database lets nothing else of an entry change). So the log holds what happened, how often
 * and until when, in a number of rows that does not grow with the requests. The entry keeps the
 * first event's detail.
 */
export async function recordCounted(input: ActivityInput & { kind: CountedKind }, accountKey: string): Promise<void> {
  const windowMs = config.loginRate.windowSeconds * 1000;
  const address = input.address.slice(0, SHORT);
  const key = [input.kind, address, accountKey, Math.floor(Date.now() / windowMs)].join('\n');
  await db.$executeRaw`
    INSERT INTO activity_log (actor_id, actor_name, actor_email, address, kind, entity, entity_id, detail, window_key)
    VALUES (${input.actor?.id ?? null}, ${(input.actor?.name ?? '').slice(0, SHORT)}, ${(input.actor?.email ?? '').slice(0, SHORT)},
      ${address}, ${input.kind}, ${input.entity ?? null}, ${input.entityId ?? null}, ${(input.detail ?? '').slice(0, SHORT)}, ${key})
    ON CONFLICT (window_key) DO UPDATE SET repeats = activity_log.repeats + 1, last_at = now()`;
}

function scrub<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET.test(key))) as T;
}

/**
 * A column's value as the log keeps it: a Date as "YYYY-MM-DD" when it is a day (a date column
 * is stored as UTC midnight), else its ISO time; a Decimal as text; lists and JSON as they are.
 */
export function loggedValue(value: unknown): LoggedValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(loggedValue);
  if (typeof value === 'object') {
    // Prisma.Decimal and other value objects print themselves.
    if (Object.getPrototypeOf(value) !== Object.prototype) return String(value);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, loggedValue(v)]));
  }
  return String(value);
}

const same = (a: LoggedValue, b: LoggedValue) => JSON.stringify(a) === JSON.stringify(b);
const empty = (v: LoggedValue) => v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The fields whose value differs between two versions of a row (null: the row did not exist), secrets left out. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields: readonly string[],
): Changes {
  const changes: Changes = {};
  for (const field of fields) {
    if (SECRET.test(field)) continue;
    const old = before ? loggedValue(before[field]) : null;
    const now = after ? loggedValue(after[field]) : null;
    // A row created or deleted: its empty fields say nothing.
    if ((!before || !after) && empty(old) && empty(now)) continue;
    if (!same(old, now)) changes[field] = { before: old, after: now };
  }
  return changes;
}

/** A row's columns as the log keeps them (what a restore writes back): every scalar, no secret, no relation. */
export function rowSnapshot(row: Record<string, unknown>): Record<string, LoggedValue> {
  const snapshot: Record<string, LoggedValue> = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET.test(key)) continue;
    // Dates whole (not as days): written back as they were.
    snapshot[key] = value instanceof Date ? value.toISOString() : loggedValue(value);
  }
  return snapshot;
}
