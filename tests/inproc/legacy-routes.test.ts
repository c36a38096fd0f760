import { beforeAll, describe, expect, it } from 'vitest';
import { recorded } from '../helpers/next-cache-recorder';
import en from '@/messages/en.json';

// The old client's /api route handlers called in-process with a plain Request (no build, no
// server), answers parsed and compared exactly. The contract over HTTP, through the real server,
// stays in tests/integration/legacy-api.test.ts; this is the quick loop for the handlers' logic.
let token = '';
beforeAll(async () => {
  const { db } = await import('@/lib/db/client');
  const { issueToken } = await import('@/lib/auth/tokens');
  const mini = await db.user.create({
    data: { name: 'In-process mini', email: 'inproc-mini@example.test', passwordHash: 'x', isMiniAdmin: true },
  });
  token = await issueToken(mini.id, 'api', { address: '127.0.0.9', userAgent: 'vitest' });
}, 120_000);
const call = async (method: string, path: string, init: { token?: string; body?: FormData } = {}) => {
  const route = await import('@/app/api/[resource]/route');
  const handler = route[method as 'GET' | 'POST'];
  const resource = path.split('/')[2]!;
  const headers = new Headers({ Accept: 'application/json' });
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const response = await handler(new Request(`http://127.0.0.1${path}`, { method, headers, body: init.body }), {
    params: Promise.resolve({ resource }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('/api/{resource} in-process', () => {
  it('GET /api/service: 401 in the old words without a token; with one, every service in its old JSON', async () => {
    expect(await call('GET', '/api/service')).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
    const { db } = await import('@/lib/db/client');
    const { LEGACY_ENTITIES } = await import('@/lib/legacy/entities');
    const { format } = LEGACY_ENTITIES.find(({ legacy }) => legacy.resource === 'service')!.legacy;
    const rows = await db.service.findMany({ orderBy: { id: 'asc' } });
    const answer = await call('GET', '/api/service', { token });
    // The old envelope: one array holding the list, each row under its old field names.
    expect(answer).toEqual({ status: 200, body: [JSON.parse(JSON.stringify(rows.map((row) => format.toJson(row))))] });
    expect((answer.body as { titel: string }[][])[0]!.map((s) => s.titel)).toEqual(rows.map((row) => row.titleEn));
  });

  it('POST /api/service with a blank title: 422 with the old field name and the words, nothing stored, no tag expired', async () => {
    const { db } = await import('@/lib/db/client');
    const before = await db.service.count();
    const body = new FormData();
    for (const [key, value] of Object.entries({ titel: '   ', titelar: 'خدمة', dec: 'd', decar: 'د' })) body.append(key, value);
    const answer = await call('POST', '/api/service', { token, body });
    // Both refusals at once, each under its old name in the words the old client shows.
    expect(answer).toEqual({
      status: 422,
      body: {
        message: en.errors.invalid,
        errors: { titel: [en.validation.fields.services.titleEn.required], img_ser: [en.validation.imageRequired] },
      },
    });
    expect(await db.service.count()).toBe(before);
    expect(recorded.expired).toEqual([]);
  });
});
