import 'server-only';
import { cacheTag } from 'next/cache';
import { cachedRead, refuseUnlessValid, unwrap, type CachedRead } from '@/lib/cache';
import * as crud from '@/lib/entities/crud';
import { LEGACY_ENTITIES } from '@/lib/legacy/entities';

/**
 * GET /api/home's positional array, each entity at its `legacy.homeIndex` (0 events, 1 contacts,
 * 2 team, 3 clients, 4 services, 6 slides); unused places are []. Cached as plain JSON under
 * every tag it reads.
 */
async function readLegacyHome(...extra: unknown[]): Promise<CachedRead<Record<string, unknown>[][]>> {
  'use cache';
  await refuseUnlessValid(extra.length === 0);
  cacheTag(...LEGACY_ENTITIES.map(({ entity }) => entity.key));
  return cachedRead(async () => {
    const home: Record<string, unknown>[][] = Array.from(
      { length: Math.max(...LEGACY_ENTITIES.map(({ legacy }) => legacy.homeIndex)) + 1 },
      () => [],
    );
    await Promise.all(
      LEGACY_ENTITIES.map(async ({ entity, legacy }) => {
        home[legacy.homeIndex] = (await crud.list(entity, { public: true })).map((row) => legacy.format.toJson(row));
      }),
    );
    return home;
  });
}

export const getLegacyHome = async () => unwrap(await readLegacyHome());
