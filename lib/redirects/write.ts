import 'server-only';
import { z } from 'zod';
import { changedFields, recordActivity, rowSnapshot, type Who } from '@/lib/activity';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { parseId } from '@/lib/entities/ids';
import { nextUpdatedAt } from '@/lib/entities/version';
import { AppError, conflict, invalid, notFound, type FieldErrors } from '@/lib/errors';
import { parseSource, parseTarget, REDIRECT_LIMITS, REDIRECT_STATUSES } from './rules';

// The one write path of redirects (the back office's actions call it): checked as a whole before
// anything is written, loops and chains refused, one save at a time (a lock: two people saving
// a -> b and b -> a at once cannot both pass the chain check), logged with its changes. What it
// refuses, it names by field under `validation` in messages/*.json.

export const REDIRECTS_ENTITY = 'redirects';

/** What the form posts (strings; the rules in ./rules.ts read them). */
export const redirectInput = z.object({
  from: z.string().max(REDIRECT_LIMITS.pathChars * 4),
  to: z.string().max(REDIRECT_LIMITS.targetChars * 2),
  status: z.enum(REDIRECT_STATUSES.map(String) as ['301', '302']),
});
export type RedirectInput = z.input<typeof redirectInput>;

/** A save: a new redirect (`id` null) or a change of one seen at `version` (its updatedAt, ISO). */
export async function saveRedirect(who: Who, id: number | null, raw: unknown, version: string | null): Promise<number> {
  const parsed = redirectInput.safeParse(raw);
  if (!parsed.success) throw new AppError(400, 'badRequest');
  const source = parseSource(parsed.data.from);
  const target = parseTarget(parsed.data.to, config.siteUrl);
  const errors: FieldErrors = {};
  if ('problem' in source) errors.from = [source.problem];
  if ('problem' in target) errors.to = [target.problem];
  if ('problem' in source || 'problem' in target) throw invalid(errors);
  const status = Number(parsed.data.status);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('redirects'))`;
    const current = id === null ? null : await tx.redirect.findUnique({ where: { id } });
    if (id !== null && !current) throw notFound();
    if (current && version !== current.updatedAt.toISOString()) throw conflict('staleVersion');
    const others = await tx.redirect.findMany({ where: id === null ? {} : { id: { not: id } }, select: { fromKey: true, toUrl: true } });
    if (id === null && others.length >= REDIRECT_LIMITS.rows) throw invalid({ from: ['redirectsFull'] });
    const problem = chainProblem(source.key, target.key, others);
    if (problem) throw invalid(problem);
    const data = { fromPath: source.path, fromKey: source.key, toUrl: target.url, status };
    // Strictly later than before (lib/entities/version.ts): the HTTP servers see the change by it.
    const saved = current
      ? await tx.redirect.update({ where: { id: current.id }, data: { ...data, updatedAt: nextUpdatedAt(current) } })
      : await tx.redirect.create({ data });
    // The path is not a 404 any more.
    await tx.notFoundPath.deleteMany({ where: { path: { in: [source.path, source.key] } } });
    await recordActivity(tx, {
      ...who,
      kind: current ? 'update' : 'create',
      entity: REDIRECTS_ENTITY,
      entityId: saved.id,
      changes: changedFields(current ? logged(current) : null, logged(saved), ['from', 'to', 'status']),
    });
    return saved.id;
  });
}

export async function deleteRedirect(who: Who, rawId: unknown): Promise<void> {
  const id = parseId(rawId);
  if (id === null) throw new AppError(400, 'badRequest');
  await db.$transaction(async (tx) => {
    const row = await tx.redirect.findUnique({ where: { id } });
    if (!row) throw notFound();
    await tx.redirect.delete({ where: { id } });
    await recordActivity(tx, { ...who, kind: 'delete', entity: REDIRECTS_ENTITY, entityId: id, snapshot: rowSnapshot(logged(row)) });
  });
}

const logged = (row: { fromPath: string; toUrl: string; status: number }) => ({ from: row.fromPath, to: row.toUrl, status: row.status });

/**
 * a -> a, a -> b where b is redirected (a chain, or a loop when b leads back), and x -> a where a is
 * redirected now (the new one would make that x a chain): each is a hop a browser makes for
 * nothing, or forever. Named under the field to change.
 */
function chainProblem(from: string, to: string | null, others: { fromKey: string; toUrl: string }[]): FieldErrors | null {
  if (to === from) return { to: ['redirectLoop'] };
  const sources = new Set(others.map((row) => row.fromKey));
  if (sources.has(from)) return { from: ['redirectDuplicate'] };
  if (to !== null && sources.has(to)) {
    const back = others.find((row) => row.fromKey === to);
    return { to: [back && targetKey(back.toUrl) === from ? 'redirectLoop' : 'redirectChainTo'] };
  }
  if (others.some((row) => targetKey(row.toUrl) === from)) return { from: ['redirectChainFrom'] };
  return null;
}

/** Where a stored target leads on this site (its key), or null for another site. */
function targetKey(url: string): string | null {
  const parsed = parseTarget(url, config.siteUrl);
  return 'problem' in parsed ? null : parsed.key;
}
