import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';

// The production server's health paths and request log, on servers of their own (their output is
// read here): one with the test database and uploads, and ones whose database or store is broken.

const env = { DATABASE_URL: process.env.DATABASE_URL!, UPLOADS_DIR: process.env.UPLOADS_DIR!, AUTH_SECRET: 'x'.repeat(43) };
const servers: SpawnedServer[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), 'health-'));

async function start(overrides: Record<string, string> = {}) {
  const used = servers.map((s) => s.port);
  const { freePort } = await import('../helpers/spawn-server');
  const server = await spawnServer({ ...env, ...overrides }, await freePort(used));
  servers.push(server);
  return server;
}

async function get(base: string, p: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${p}`, { headers, redirect: 'manual' });
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    type: response.headers.get('content-type'),
    body: await response.text(),
  };
}

afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

describe('health paths on the production server', () => {
  let server: SpawnedServer;
  beforeAll(async () => {
    server = await start();
  }, 90_000);

  it('/healthz and /readyz answer 200 JSON, never cached, before any locale routing', async () => {
    const ok = { status: 200, cache: 'no-store', type: 'application/json; charset=utf-8' };
    expect(await get(server.base, '/healthz')).toEqual({ ...ok, body: '{"status":"ok"}' });
    expect(await get(server.base, '/readyz')).toEqual({ ...ok, body: '{"status":"ready"}' });
    // A visitor who chose Arabic is redirected from English pages; a probe never is.
    expect(await get(server.base, '/readyz', { Cookie: 'NEXT_LOCALE=ar' })).toEqual({ ...ok, body: '{"status":"ready"}' });
    expect(await get(server.base, '/healthz?x=1', { 'Accept-Language': 'ar' })).toEqual({ ...ok, body: '{"status":"ok"}' });
  });

  it('logs one JSON line per request with its id, method, path, status and duration, and no secret', async () => {
    const id = `log-test-${process.pid}-${Date.now()}`;
    const token = `1|tokensecret${Date.now()}abcdef`;
    const cookieValue = `cookiesecret${Date.now()}`;
    const querySecret = `querysecret${Date.now()}`;
    const password = `passwordsecret${Date.now()}`;
    const answer = await fetch(`${server.base}/api/user?token=${querySecret}`, {
      headers: { 'X-Request-Id': id, Authorization: `Bearer ${token}`, Cookie: `authjs.session-token=${cookieValue}` },
    });
    await answer.text();
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-request-id')).toBe(id);
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': `${id}-login` },
      body: JSON.stringify({ email: 'nobody@example.test', password }),
    });
    await login.text();
    expect(login.status).toBe(401);

    const line = await server.waitForOutput(new RegExp(`^\\{.*"reqId":"${id}-login".*\\}$`, 'm'), 10_000);
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const entry = lines.find((l) => l.reqId === id);
    expect(entry).toMatchObject({ level: 30, reqId: id, method: 'GET', path: '/api/user', status: 401 });
    expect(typeof entry!.durationMs).toBe('number');
    expect(entry!.durationMs as number).toBeGreaterThanOrEqual(0);
    expect(entry!.durationMs as number).toBeLessThan(10_000);
    expect(Object.keys(entry!).sort()).toEqual(['durationMs', 'hostname', 'level', 'method', 'path', 'pid', 'reqId', 'status', 'time']);
    expect(JSON.parse(line)).toMatchObject({ method: 'POST', path: '/api/login', status: 401 });
    expect(lines.filter((l) => l.reqId === id)).toHaveLength(1);
    for (const secret of [token, 'tokensecret', cookieValue, querySecret, password]) expect(server.output()).not.toContain(secret);
  });

  it('replaces an unusable X-Request-Id with a generated one and echoes it', async () => {
    const answer = await fetch(`${server.base}/healthz`, { headers: { 'X-Request-Id': 'has spaces and "quotes"' } });
    const echoed = answer.headers.get('x-request-id')!;
    expect(echoed).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await server.waitForOutput(new RegExp(`"reqId":"${echoed}","method":"GET","path":"/healthz","status":200`), 10_000);
  });
});

describe('/readyz names what failed', () => {
  it('the database: 503 ["database"], /healthz still 200', async () => {
    // Nothing listens on port 9: connections are refused at once.
    const server = await start({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:9/nothing' });
    expect(await get(server.base, '/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      type: 'application/json; charset=utf-8',
      body: '{"status":"unavailable","failed":["database"]}',
    });
    expect((await get(server.base, '/healthz')).status).toBe(200);
    await server.kill('SIGKILL');
  }, 90_000);

  it('the uploads store: 503 ["storage"] when its folder cannot be written', async () => {
    // A file where the folder should be: nothing can be created under it.
    const blocked = path.join(scratch, 'not-a-folder');
    writeFileSync(blocked, 'x');
    const server = await start({ UPLOADS_DIR: blocked });
    expect(await get(server.base, '/readyz'), server.output()).toEqual({
      status: 503,
      cache: 'no-store',
      type: 'application/json; charset=utf-8',
      body: '{"status":"unavailable","failed":["storage"]}',
    });
    await server.kill('SIGKILL');
  }, 90_000);
});
