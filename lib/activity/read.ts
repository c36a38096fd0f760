import 'server-only';
import { db } from '@/lib/db/client';
import { parseId } from '@/lib/entities/ids';
import { ENTITIES } from '@/lib/entities/registry';
import { ACTIVITY_PAGE_SIZE, OTHER_LOGGED, ROUTINE_SIGN_INS, isActivityKind, type ActivityKind, type Changes } from './kinds';
import { canRestore } from './restore';

// The reads of /Admin/Activity: the filter from the URL, a page of entries (newest first), and
// the choices of the filter's selects. Pages read through here, never Prisma themselves.

/** What an entry may be about: the content entities, then the others, for the filter's select. */
export const LOGGED_ENTITIES: readonly string[] = [...ENTITIES.map((entity) => entity.key), ...OTHER_LOGGED];

export interface ActivityFilter {
  person: number | null;
  entity: string | null;
  kind: ActivityKind | null;
  /** "YYYY-MM-DD", days in UAE time (as the screen shows times). */
  from: string | null;
  to: string | null;
  /** Routine sign-ins shown too (hidden by default: they would bury the changes). */
  signIns: boolean;
  page: number;
}

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const text = (value: unknown) => {
  const v = first(value);
  return typeof v === 'string' ? v.trim() : '';
};

/** A real calendar day "YYYY-MM-DD", else null (odd input is ignored, never an error). */
function day(value: unknown): string | null {
  const v = text(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return null;
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(v) ? v : null;
}

export function parseActivityFilter(params: Record<string, unknown>): ActivityFilter {
  const entity = text(params.entity);
  const kind = text(params.kind);
  const page = Number(text(params.page) || 1);
  return {
    person: parseId(text(params.person) || undefined),
    entity: LOGGED_ENTITIES.includes(entity) ? entity : null,
    kind: isActivityKind(kind) ? kind : null,
    from: day(params.from),
    to: day(params.to),
    signIns: text(params.signIns) === '1',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The filter as a query string (page left out when 1), for the pages' links. */
export function activityQuery(filter: ActivityFilter, page = filter.page): string {
  const query = new URLSearchParams();
  if (filter.person) query.set('person', String(filter.person));
  if (filter.entity) query.set('entity', filter.entity);
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (filter.signIns) query.set('signIns', '1');
  if (page > 1) query.set('page', String(page));
  return query.toString();
}

// A day in UAE time (UTC+4, no daylight saving) starts at 20:00 UTC the day before.
const dubaiDayStart = (value: string) => new Date(Date.parse(`${value}T00:00:00+04:00`));
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ActivityEntry {
  id: number;
  createdAt: Date;
  actorId: number | null;
  actorName: string;
  actorEmail: string;
  address: string;
  kind: string;
  entity: string | null;
  entityId: number | null;
  changes: Changes;
  detail: string;
  /** A counted security event: how many times in its window, and the last one (null: once). */
  repeats: number;
  lastAt: Date | null;
  /** A delete that can be undone now. */
  restorable: boolean;
  /** A delete already undone. */
  restored: boolean;
}

export async function listActivity(
  filter: ActivityFilter,
  options: { staffOnly?: boolean } = {},
): Promise<{ entries: ActivityEntry[]; total: number; pages: number }> {
  const where = {
    // Staff work (the dashboard): entries of someone signed in, not what anyone without an account caused.
    ...(options.staffOnly ? { actorId: { not: null } } : {}),
    ...(filter.person ? { actorId: filter.person } : {}),
    ...(filter.entity ? { entity: filter.entity } : {}),
    // A kind asked for is shown whatever it is; else routine sign-ins only when asked for.
    ...(filter.kind ? { kind: filter.kind } : filter.signIns ? {} : { kind: { notIn: [...ROUTINE_SIGN_INS] } }),
    ...(filter.from || filter.to
      ? {
          createdAt: {
            ...(filter.from ? { gte: dubaiDayStart(filter.from) } : {}),
            ...(filter.to ? { lt: new Date(dubaiDayStart(filter.to).getTime() + DAY_MS) } : {}),
          },
        }
      : {}),
  };
  const [rows, total] = await Promise.all([
    db.activityLog.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (filter.page - 1) * ACTIVITY_PAGE_SIZE,
      take: ACTIVITY_PAGE_SIZE,
    }),
    db.activityLog.count({ where }),
  ]);
  const deletes = rows.filter((row) => row.kind === 'delete').map((row) => row.id);
  const restored = new Set(
    deletes.length
      ? (await db.activityLog.findMany({ where: { restoresId: { in: deletes } }, select: { restoresId: true } })).map((r) => r.restoresId)
      : [],
  );
  const now = Date.now();
  return {
    entries: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      actorId: row.actorId,
      actorName: row.actorName,
      actorEmail: row.actorEmail,
      address: row.address,
      kind: row.kind,
      entity: row.entity,
      entityId: row.entityId,
      changes: (row.changes && typeof row.changes === 'object' && !Array.isArray(row.changes) ? row.changes : {}) as Changes,
      detail: row.detail,
      repeats: row.repeats,
      lastAt: row.lastAt,
      restored: restored.has(row.id),
      restorable: !restored.has(row.id) && canRestore(row, now),
    })),
    total,
    pages: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
  };
}

/** The people the person filter offers: every account (an entry of a deleted one still shows its name). */
export async function activityPeople(): Promise<{ id: number; name: string; label: string }[]> {
  const users = await db.user.findMany({ select: { id: true, name: true, email: true }, orderBy: { name: 'asc' } });
  return users.map((user) => ({ id: user.id, name: user.name, label: `${user.name} (${user.email})` }));
}

/** What the restore action said (its redirect's query): the entry restored, or a refusal's code. */
export function activityNotice(params: Record<string, unknown>): { restored: number } | { error: string } | null {
  const restored = parseId(text(params.restored) || undefined);
  if (restored) return { restored };
  const error = text(params.restoreError);
  // A code, never free text from the URL.
  return /^[A-Za-z]{1,40}$/.test(error) ? { error } : null;
}
