import { afterAll, beforeAll, expect } from 'vitest';
import { LEGACY_ENTITIES } from '@/lib/legacy/entities';
import { call, userWithToken } from './api';

// Public content a test file adds through /api is deleted again when the file ends, so the
// database the end-to-end tests and the benchmark see next is the seeded one (left behind, ~30
// rows per table once made the home page four times its size). Through the API, so the images go
// with the rows and the cached pages are refreshed. Every /api content resource, the ones other
// entities refer to last (events point at clients).
const referenced = new Set(LEGACY_ENTITIES.flatMap(({ entity }) => entity.dependsOn ?? []));
const RESOURCES = LEGACY_ENTITIES.map(({ entity, legacy }) => ({ name: legacy.resource, last: referenced.has(entity.key) }))
  .sort((a, b) => Number(a.last) - Number(b.last))
  .map(({ name }) => name);

async function ids(resource: string, token: string): Promise<number[]> {
  const list = await call(`/api/${resource}`, { token });
  expect(list.status, `list ${resource}`).toBe(200);
  return ((list.data as { id: number }[][])[0] ?? []).map((row) => row.id);
}

/** Call at the top of a test file: rows of a content table newer than its newest at the start are deleted at the end. */
export function deleteContentAddedByThisFile() {
  let token = '';
  const newestBefore = new Map<string, number>();
  beforeAll(async () => {
    token = (await userWithToken('admin')).token!;
    for (const resource of RESOURCES) newestBefore.set(resource, Math.max(0, ...(await ids(resource, token))));
  });
  afterAll(async () => {
    for (const resource of RESOURCES) {
      for (const id of (await ids(resource, token)).filter((id) => id > newestBefore.get(resource)!)) {
        expect((await call(`/api/${resource}/${id}`, { token, method: 'DELETE' })).status, `delete ${resource} ${id}`).toBe(200);
      }
    }
  });
}
