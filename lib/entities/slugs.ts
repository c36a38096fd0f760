import 'server-only';
import { invalid } from '@/lib/errors';
import type { DbClient } from '@/lib/db/types';
import { Prisma } from '@/lib/generated/prisma/client';
import { freeSlug, slugify } from '@/lib/slug';

// The page addresses of projects (/Projects/{slug}) and services (/Services/{slug}), one rule for
// both (lib/slug.ts): typed by staff or made from the English name, unique among the current and
// the former slugs of their kind; a changed slug is kept as a former one, whose page answers a
// permanent redirect to the current address.

export interface SlugTables {
  /** The entity's table and its table of former slugs, with the column naming the owner. */
  table: 'events' | 'services';
  former: 'event_slugs' | 'service_slugs';
  owner: 'event_id' | 'service_id';
  /** The slug when the name has no Latin letter or digit. */
  fallback: string;
}

/**
 * The slug a row gets: as typed (refused when another row has it, now or as a former slug), or
 * made from `name` with -2, -3… until free.
 */
export async function chooseSlug(
  db: DbClient,
  tables: SlugTables,
  row: { typed: string; name: string; id: number | undefined; current: string | undefined },
): Promise<string> {
  const typed = row.typed !== '' && row.typed !== row.current;
  const base = row.typed || slugify(row.name) || tables.fallback;
  const id = row.id ?? 0;
  const like = `${base}-%`;
  const [table, former, owner] = [Prisma.raw(tables.table), Prisma.raw(tables.former), Prisma.raw(tables.owner)];
  const taken = await db.$queryRaw<{ slug: string }[]>`
    SELECT slug FROM ${table} WHERE (slug = ${base} OR slug LIKE ${like}) AND id <> ${id}
    UNION SELECT slug FROM ${former} WHERE (slug = ${base} OR slug LIKE ${like}) AND ${owner} <> ${id}`;
  const takenSlugs = new Set(taken.map((found) => found.slug));
  if (typed && takenSlugs.has(base)) throw invalid({ slug: ['slugTaken'] });
  return freeSlug(base, takenSlugs);
}

/** After a slug changed: the old one leads to the row, the new one is nobody's former slug. */
export async function keepFormerSlug(db: DbClient, tables: SlugTables, before: string, after: string, id: number): Promise<void> {
  if (before === after) return;
  const [former, owner] = [Prisma.raw(tables.former), Prisma.raw(tables.owner)];
  await db.$executeRaw`DELETE FROM ${former} WHERE slug = ${after}`;
  await db.$executeRaw`INSERT INTO ${former} (slug, ${owner}) VALUES (${before}, ${id}) ON CONFLICT (slug) DO UPDATE SET ${owner} = EXCLUDED.${owner}`;
}
