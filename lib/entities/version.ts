import { AppError } from '@/lib/errors';

// Optimistic versions: the version a form or an /api caller read a row at travels with its save,
// and a save over a newer version is refused (409 `staleVersion`) instead of silently overwriting
// what someone else saved in between. A row's version is its updated_at as /api already shows it
// (ISO 8601, milliseconds): no new column, and every Prisma write of the row moves it. The write
// paths that compare it (lib/entities/crud.ts update, lib/settings/save.ts) hold the row's lock and
// move it strictly forward (nextUpdatedAt), so two saves within one millisecond, or an instance
// whose clock is behind, still make two versions. A save that sends no version (the old client,
// which knows nothing of it) is not compared: it keeps the behaviour it always had.
// docs/portfolio.md, "Integrity (issue 27)".

/** The form field and /api body field that carries it. */
export const VERSION_FIELD = 'version';

/** A row's version; null for a row without updated_at (nothing to compare). */
export function versionOf(row: unknown): string | null {
  const stamp = (row as { updatedAt?: unknown } | null)?.updatedAt;
  return stamp instanceof Date ? stamp.toISOString() : null;
}

/** The updated_at a write under the row's lock gives it: now, and always later than the one it had. */
export function nextUpdatedAt(row: unknown, now = Date.now()): Date | undefined {
  const stamp = (row as { updatedAt?: unknown } | null)?.updatedAt;
  return stamp instanceof Date ? new Date(Math.max(now, stamp.getTime() + 1)) : undefined;
}

/** The version a save carried: undefined when it sent none (or a blank one), else as sent. */
export function sentVersion(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, 64);
}

/** The version of a one-row table's row not created yet (the site settings before their first save). */
export const NO_ROW_VERSION = 'none';

/** Refused unless the save read the row at the version it has now, `current` (any other value, malformed ones included). */
export function assertVersion(current: string | null, expected: string | undefined): void {
  if (expected === undefined || current === null) return;
  if (current !== expected) throw new AppError(409, 'staleVersion');
}
