import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthEndpoints, healthPath } from '@/lib/server/health.mjs';

// The two health paths as the HTTP server answers them, on a real server. The checks themselves
// (database, store) are exercised against a real server in tests/integration/health-and-logs.test.ts.

const HOOKS = Symbol.for('sevenstars.server-hooks');
let stopping = false;
let failing: string[] = [];
const server = http.createServer((req, res) => {
  const answer = healthEndpoints({ stopping: () => stopping, logger: pino({ level: 'silent' }) });
  if (!answer(req, res)) {
    res.writeHead(404);
    res.end('not a health path');
  }
});
let base = '';

beforeAll(async () => {
  (globalThis as Record<symbol, unknown>)[HOOKS] = {
    readiness: async () => failing.map((name) => ({ name, reason: 'down' })),
    closeConnections: async () => {},
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[HOOKS];
  await new Promise((resolve) => server.close(resolve));
});

async function get(path: string, method = 'GET') {
  const response = await fetch(`${base}${path}`, { method });
  return { status: response.status, cache: response.headers.get('cache-control'), body: await response.text() };
}

describe('health paths', () => {
  it('matches the two paths exactly, with or without a query string', () => {
    expect(['/healthz', '/healthz?x=1', '/readyz', '/readyz?probe'].map(healthPath)).toEqual([
      '/healthz',
      '/healthz',
      '/readyz',
      '/readyz',
    ]);
    expect(['/healthzz', '/readyz/', '/ar/readyz', '/Healthz', '/', '/readyzx?a'].map(healthPath)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('/healthz is 200 and /readyz names every failed check, never cached', async () => {
    failing = [];
    expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', body: '{"status":"ok"}' });
    expect(await get('/readyz')).toEqual({ status: 200, cache: 'no-store', body: '{"status":"ready"}' });
    failing = ['database', 'storage'];
    expect(await get('/readyz')).toEqual({
      status: 503,
      cache: 'no-store',
      body: '{"status":"unavailable","failed":["database","storage"]}',
    });
    expect(await get('/healthz')).toEqual({ status: 200, cache: 'no-store', body: '{"status":"ok"}' });
  });

  it('turns /readyz to 503 "shutdown" at once when stopping, while /healthz stays 200', async () => {
    failing = [];
    stopping = true;
    try {
      expect(await get('/readyz')).toEqual({ status: 503, cache: 'no-store', body: '{"status":"unavailable","failed":["shutdown"]}' });
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      stopping = false;
    }
  });

  it('answers HEAD without a body and refuses other methods with 405', async () => {
    expect(await get('/readyz', 'HEAD')).toEqual({ status: 200, cache: 'no-store', body: '' });
    expect((await get('/readyz', 'POST')).status).toBe(405);
    expect((await get('/other')).status).toBe(404);
  });
});
