import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, type SpawnedServer } from '../helpers/spawn-server';

// `npm start` and `npm run dev` run the one server (server/main.ts): the same pipeline, with
// Next's production or development code behind it; only the page cache is production's alone.

const env = {
  DATABASE_URL: process.env.DATABASE_URL!,
  UPLOADS_DIR: process.env.UPLOADS_DIR!,
  AUTH_SECRET: 'x'.repeat(43),
  ORPHAN_SWEEP_MINUTES: '0',
};
const servers: SpawnedServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
});

function get(base: string, path: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject)
      .end();
  });
}

describe('the server whatever NODE_ENV it was started with', () => {
  it('started without NODE_ENV (as `npm start` and the container do), Next runs its production code', async () => {
    const server = await spawnServer({ ...env, NODE_ENV: '' }, await freePort(servers.map((s) => s.port)));
    servers.push(server);
    const page = await get(server.base, '/Services');
    expect(page.status).toBe(200);
    // next.config.ts sends HSTS in production only.
    expect(page.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
  }, 120_000);
});

describe('`npm run dev`: the same pipeline without the page cache', () => {
  it('health, the request guard, the body limits and the pages’ policy as in production; every page rendered afresh', async () => {
    const server = await spawnServer({ ...env, NODE_ENV: 'production' }, await freePort(servers.map((s) => s.port)), ['--dev']);
    servers.push(server);
    expect((await get(server.base, '/healthz')).body).toBe('{"status":"ok"}');
    expect((await get(server.base, '/', 'TRACE')).status).toBe(405);
    expect((await get(server.base, '/%ff')).status).toBe(400);
    expect((await get(server.base, '/api/')).status).toBe(404);
    // A public form's post over 64 KB, declared: refused before a byte is read.
    const refused = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.base}/LogIn`,
        { method: 'POST', agent: false, headers: { 'Content-Length': String(65 * 1024) } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(refused).toBe(413);
    // Next's development build (compiled on first request) behind the same server.
    const first = await get(server.base, '/Services');
    expect(first.status).toBe(200);
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // React's development build evaluates code: the pages' policy allows it in development only.
    expect(first.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(first.headers['strict-transport-security']).toBeUndefined();
    const second = await get(server.base, '/Services');
    expect(second.status).toBe(200);
    expect(second.headers['x-page-replay']).toBeUndefined();
  }, 240_000);
});
