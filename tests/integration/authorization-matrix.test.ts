import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, userWithToken } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { legacyForm, sampleInput } from '../helpers/entity-samples';
import { API_RESOURCE_NAMES, apiResource } from '@/lib/legacy/resources';

// Every /api route × {anonymous, pending, Mini Admin, Admin} against an explicit table.
// The routes are discovered from app/api on disk: one missing from the table fails the test.

deleteContentAddedByThisFile();

type Who = 'anonymous' | 'pending' | 'mini' | 'admin';
const WHO: Who[] = ['anonymous', 'pending', 'mini', 'admin'];
type Expect = Record<Who, number>;

// Every /api content resource of the registry.
const RESOURCES = API_RESOURCE_NAMES;
type Resource = string;

const PUBLIC_OK: Expect = { anonymous: 200, pending: 200, mini: 200, admin: 200 };
const PREFLIGHT: Expect = { anonymous: 204, pending: 204, mini: 204, admin: 204 };
const content = (ok: number): Expect => ({ anonymous: 401, pending: 403, mini: ok, admin: ok });
const adminOnly = (ok: number): Expect => ({ anonymous: 401, pending: 403, mini: 403, admin: ok });

// Methods a path does not answer: a JSON 405 for everyone, before any sign-in is asked.
const REFUSED: Expect = { anonymous: 405, pending: 405, mini: 405, admin: 405 };

const TABLE: Record<string, Expect> = {
  'GET /api/home': PUBLIC_OK,
  'OPTIONS /api/home': PREFLIGHT,
  'POST /api/login': { anonymous: 401, pending: 401, mini: 401, admin: 401 }, // wrong password for everyone
  'OPTIONS /api/login': PREFLIGHT,
  'POST /api/register': { anonymous: 422, pending: 422, mini: 422, admin: 422 }, // empty body for everyone
  'OPTIONS /api/register': PREFLIGHT,
  'POST /api/logout': PUBLIC_OK,
  'OPTIONS /api/logout': PREFLIGHT,
  'GET /api/user': adminOnly(200),
  'POST /api/user': adminOnly(405),
  'OPTIONS /api/user': PREFLIGHT,
  'GET /api/user/:id': adminOnly(200),
  'POST /api/user/:id': adminOnly(200),
  'PUT /api/user/:id': adminOnly(200),
  'PATCH /api/user/:id': adminOnly(200),
  'DELETE /api/user/:id': adminOnly(200),
  'OPTIONS /api/user/:id': PREFLIGHT,
};
for (const path of ['/api/login', '/api/register', '/api/logout'])
  for (const m of ['GET', 'PUT', 'PATCH', 'DELETE']) TABLE[`${m} ${path}`] = REFUSED;
for (const m of ['POST', 'PUT', 'PATCH', 'DELETE']) TABLE[`${m} /api/home`] = REFUSED;
for (const r of [...RESOURCES, 'user']) for (const m of ['PUT', 'PATCH', 'DELETE']) TABLE[`${m} /api/${r}`] = REFUSED;
const NOT_FOUND: Expect = { anonymous: 404, pending: 404, mini: 404, admin: 404 };
for (const r of [...RESOURCES, 'user']) {
  // Paths deeper than any endpoint: a JSON 404 for everyone, and preflights that pass.
  for (const m of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) TABLE[`${m} /api/${r}/:id/[...rest]`] = NOT_FOUND;
  TABLE[`OPTIONS /api/${r}/:id/[...rest]`] = PREFLIGHT;
}
for (const r of RESOURCES) {
  Object.assign(TABLE, {
    [`GET /api/${r}`]: content(200),
    [`POST /api/${r}`]: content(201),
    [`OPTIONS /api/${r}`]: PREFLIGHT,
    [`GET /api/${r}/:id`]: content(200),
    [`POST /api/${r}/:id`]: content(200),
    [`PUT /api/${r}/:id`]: content(200),
    [`PATCH /api/${r}/:id`]: content(200),
    [`DELETE /api/${r}/:id`]: content(200),
    [`OPTIONS /api/${r}/:id`]: PREFLIGHT,
  });
}

function discoverRoutes(): string[] {
  const root = path.resolve('app/api');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === 'route.ts') {
        const source = readFileSync(full, 'utf8');
        const methods = [...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE|OPTIONS)\b/g)].map(
          (m) => m[1]!,
        );
        const rel = '/api/' + path.relative(root, dir).split(path.sep).join('/');
        const paths = rel.includes('[resource]') ? [...RESOURCES, 'user'].map((r) => rel.replace('[resource]', r)) : [rel];
        for (const p of paths) for (const m of methods) routes.push(`${m} ${p.replace('[id]', ':id')}`);
      }
    }
  };
  walk(root);
  return routes.sort();
}

const tokens: Partial<Record<Who, string | null>> = {};
let adminToken: string;

beforeAll(async () => {
  for (const who of WHO) tokens[who] = (await userWithToken(who)).token;
  adminToken = (await userWithToken('admin')).token!;
});
afterAll(() => testDb.$disconnect());

async function createBody(resource: Resource): Promise<Record<string, string | File>> {
  const api = apiResource(resource)!;
  return legacyForm(api.entity, await sampleInput(api.entity));
}

async function freshRow(resource: Resource): Promise<number> {
  const res = await call(`/api/${resource}`, { token: adminToken, form: await createBody(resource) });
  if (res.status !== 201) throw new Error(`fixture ${resource}: ${res.status} ${JSON.stringify(res.data)}`);
  return res.data.id;
}

async function request(route: string, who: Who) {
  const [method, pattern] = route.split(' ') as [string, string];
  const token = who === 'anonymous' ? undefined : tokens[who];
  const segments = pattern.split('/');
  const resource = segments[2] as Resource | 'user';
  if (pattern.endsWith('/[...rest]')) {
    const target = pattern.replace(':id', '1').replace('[...rest]', 'photo/x');
    if (method === 'OPTIONS')
      return (
        await fetch(`${process.env.TEST_BASE_URL}${target}`, {
          method,
          headers: { Origin: 'http://x.test', 'Access-Control-Request-Method': 'POST' },
        })
      ).status;
    return (await call(target, { method, token, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) })).status;
  }
  if (TABLE[route] === REFUSED)
    return (await call(pattern, { method, token, ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }) })).status;
  let target = pattern;
  if (pattern.endsWith(':id')) {
    const id = resource === 'user' ? (await makeUser('pending')).id : await freshRow(resource);
    target = pattern.replace(':id', String(id));
  }
  if (method === 'OPTIONS') {
    const res = await fetch(`${process.env.TEST_BASE_URL}${target}`, {
      method,
      headers: { Origin: 'http://x.test', 'Access-Control-Request-Method': 'POST' },
    });
    return res.status;
  }
  if (pattern === '/api/login') return (await call(target, { form: { email: 'nobody@example.test', password: 'wrong' }, token })).status;
  // Logging out revokes the token, so each role logs out with a token of its own.
  if (pattern === '/api/logout')
    return (await call(target, { json: {}, token: who === 'anonymous' ? 'null' : (await userWithToken(who)).token })).status;
  if (method === 'GET' || method === 'DELETE') return (await call(target, { method, token })).status;
  if (resource === 'user') {
    const form = { is_admin: '0', mine_admin: '1', ...(method === 'POST' && pattern.endsWith(':id') ? { _method: 'PUT' } : {}) };
    return (await call(target, { method, token, form })).status;
  }
  if (pattern === '/api/register') return (await call(target, { form: {}, token })).status;
  const body = await createBody(resource);
  if (method === 'POST' && pattern.endsWith(':id'))
    return (await call(target, { method, token, form: { ...body, _method: 'PUT' } })).status;
  return (await call(target, { method, token, form: body })).status;
}

describe('authorization matrix', () => {
  it('the table lists exactly the routes that exist', () => {
    expect(discoverRoutes()).toEqual(Object.keys(TABLE).sort());
  });

  for (const route of Object.keys(TABLE).sort()) {
    it(route, async () => {
      const actual: Partial<Record<Who, number>> = {};
      for (const who of WHO) actual[who] = await request(route, who);
      expect(actual).toEqual(TABLE[route]);
    });
  }

  it('refused writes change nothing in the database', async () => {
    const before = await Promise.all([testDb.teamMember.count(), testDb.service.count(), testDb.user.count({ where: { isAdmin: true } })]);
    for (const who of ['anonymous', 'pending'] as const) {
      await call('/api/team', { token: tokens[who] ?? undefined, form: await createBody('team') });
      await call('/api/service', { token: tokens[who] ?? undefined, form: await createBody('service') });
    }
    const victim = await makeUser('admin');
    await call(`/api/user/${victim.id}`, { token: tokens.mini, form: { is_admin: '0', mine_admin: '0', _method: 'PUT' } });
    await call(`/api/user/${victim.id}`, { token: tokens.mini, method: 'DELETE' });
    const after = await Promise.all([testDb.teamMember.count(), testDb.service.count(), testDb.user.count({ where: { isAdmin: true } })]);
    expect(after).toEqual([before[0], before[1], before[2]! + 1]);
    expect(await testDb.user.findUniqueOrThrow({ where: { id: victim.id } })).toMatchObject({ isAdmin: true });
  });
});
