import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from '../helpers/spawn-server';

// `npm start` stopped the way `docker stop` stops CMD ["npm","start"]: SIGTERM to the npm process
// alone. npm forwards it to its script (tsx → scripts/start.ts → server/main.ts, each passing
// it on); the server reports not ready at once but keeps accepting and serving new connections
// for SHUTDOWN_DELAY_SECONDS (default 5: a load balancer may still send traffic that long), then
// stops taking connections, lets the request in flight finish, closes idle keep-alive connections
// and its pools, and every process exits 0 within 15 s. On a throw-away database and uploads
// folder of its own.

const adminUrl = new URL(process.env.DATABASE_URL!);
const dbName = `shutdown_${process.pid}_${Date.now()}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: adminUrl.toString() });
  await c.connect();
  await c.query(sql);
  await c.end();
}

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  rmSync(scratch, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every process in the group (npm was started as its leader), with its command line. */
function group(pgid: number): { pid: number; command: string }[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,pgid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null && Number(m[2]) === pgid)
    .map((m) => ({ pid: Number(m[1]), command: m[3]! }));
}

/** A GET on a connection of its own: the status, or the error code (ECONNREFUSED once closed). */
function probe(base: string, p: string): Promise<number | string> {
  return probeWith(base, p).then((r) => r.status);
}

/** The same, with the answer's Connection header. */
function probeWith(base: string, p: string): Promise<{ status: number | string; connection?: string }> {
  return new Promise((resolve) => {
    const request = http.get(`${base}${p}`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? error.message }));
    request.setTimeout(3_000, () => request.destroy(new Error('timeout')));
  });
}

/** SHUTDOWN_DELAY_SECONDS's default (server/main.ts), in ms. */
const DELAY_MS = 5_000;

describe('npm start and SIGTERM to npm alone', () => {
  it('not ready at once, still serving new connections for 5 s, then drains: the request in flight answered, every process gone within 15 s, exit 0', async () => {
    await admin(`CREATE DATABASE "${dbName}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The default delay: whatever the caller's shell says.
    const { SHUTDOWN_DELAY_SECONDS: _callers, ...inherited } = process.env;
    const npm = spawn('npm', ['start'], {
      env: {
        ...inherited,
        DATABASE_URL: url.toString(),
        UPLOADS_DIR: path.join(scratch, 'uploads'),
        DATA_DIR: path.join(scratch, 'data'),
        PORT: String(port),
        HOSTNAME: '127.0.0.1',
        SITE_URL: base,
        AUTH_SECRET: 'y'.repeat(43),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that the test can see every process under npm and so that
      // nothing but the one signal below reaches them.
      detached: true,
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      npm.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    const pgid = npm.pid!;
    try {
      // Migrations, the demo seed, then the server (the build is already there).
      const up = Date.now() + 120_000;
      while ((await probe(base, '/readyz')) !== 200 && Date.now() < up) await sleep(250);
      expect(await probe(base, '/readyz'), output).toBe(200);
      const processes = group(pgid);
      expect(
        processes.some((p) => p.command.includes('dist/server.mjs')),
        JSON.stringify(processes),
      ).toBe(true);
      expect(
        processes.some((p) => p.command.includes('scripts/start.ts')),
        JSON.stringify(processes),
      ).toBe(true);

      // The same sign-in attempt sent at once answers 401 (unknown account).
      const body = JSON.stringify({ email: 'nobody@example.test', password: 'not the password' });
      const quick = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(quick.status).toBe(401);

      // An idle keep-alive connection: it must not hold the shutdown up.
      const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const idleStatus = await new Promise<number>((resolve, reject) =>
        http
          .get(`${base}/healthz`, { agent: keepAlive }, (r) => r.resume().on('end', () => resolve(r.statusCode ?? 0)))
          .on('error', reject),
      );
      expect(idleStatus).toBe(200);
      let idleClosed = false;
      for (const sockets of Object.values(keepAlive.freeSockets))
        for (const socket of sockets ?? []) socket.once('close', () => (idleClosed = true));

      // A request in flight: its body arrives in two halves, 6.5 s apart; SIGTERM in between, so
      // it is still in flight when the delay ends and the server stops taking connections.
      const inFlight = new Promise<{ status: number; body: string; finishedAt: number }>((resolve, reject) => {
        const request = http.request(
          `${base}/api/login`,
          { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, finishedAt: Date.now() }));
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 10));
        setTimeout(() => request.end(body.slice(10)), 6_500);
      });
      await sleep(300);

      const signalledAt = Date.now();
      process.kill(npm.pid!, 'SIGTERM');

      // During the delay, each on a new connection: /readyz 503, a page 200, and every answer
      // closes its connection (keep-alive clients reconnect, and a balancer sends them elsewhere).
      const readiness: (number | string)[] = [];
      const pages: (number | string)[] = [];
      const connections: (string | undefined)[] = [];
      for (let i = 0; i < 40 && Date.now() - signalledAt < DELAY_MS - 1_000; i++) {
        await sleep(200);
        const [ready, home] = await Promise.all([probeWith(base, '/readyz'), probeWith(base, '/')]);
        readiness.push(ready.status);
        pages.push(home.status);
        connections.push(home.connection);
      }
      expect(readiness.length).toBeGreaterThanOrEqual(8);
      // The first probe may still reach it before the signal has travelled npm → tsx → node.
      expect(readiness.slice(2), JSON.stringify(readiness)).toEqual(readiness.slice(2).map(() => 503));
      expect(pages, JSON.stringify(pages)).toEqual(pages.map(() => 200));
      expect(connections.slice(2)).toEqual(connections.slice(2).map(() => 'close'));

      // After the delay: new connections are refused (a proxy in front passes them on).
      while (Date.now() - signalledAt < DELAY_MS + 1_000) await sleep(100);
      expect(await probe(base, '/readyz')).toBe('ECONNREFUSED');
      expect(await probe(base, '/')).toBe('ECONNREFUSED');

      const answered = await inFlight;
      expect(answered.status).toBe(401);
      expect(JSON.parse(answered.body)).toHaveProperty('message');
      expect(answered.finishedAt - signalledAt).toBeGreaterThan(6_000);

      const end = await exited;
      expect({ code: end.code, signal: end.signal }, output).toEqual({ code: 0, signal: null });
      // Every process of the tree, not only npm.
      const gone = Date.now() + 15_000;
      while (group(pgid).length > 0 && Date.now() < gone) await sleep(100);
      expect(group(pgid)).toEqual([]);
      expect(Date.now() - signalledAt).toBeLessThan(15_000);
      expect(end.at - signalledAt).toBeLessThan(15_000);
      expect(end.at - signalledAt).toBeGreaterThan(DELAY_MS);
      console.log(
        `[shutdown] readyz ${JSON.stringify(readiness)}, / ${JSON.stringify(pages)}; in flight answered at ${answered.finishedAt - signalledAt} ms; npm exited at ${end.at - signalledAt} ms`,
      );
      expect(idleClosed).toBe(true);
      expect(output).toMatch(
        /"signal":"SIGTERM","delayMs":5000,"msg":"stopping: not ready, still serving new connections until the delay ends"/,
      );
      expect(output).toMatch(/"msg":"draining: no new connections, finishing requests in flight"/);
      expect(output).toMatch(/"msg":"stopped"/);
      keepAlive.destroy();
    } finally {
      try {
        process.kill(-pgid, 'SIGKILL');
      } catch {}
    }
  }, 180_000);
});

describe('SHUTDOWN_DELAY_SECONDS=0', () => {
  it('no delay: new connections are refused at once, the server exits 0 after its drain', async () => {
    const server = await spawnServer({
      DATABASE_URL: process.env.DATABASE_URL!,
      UPLOADS_DIR: process.env.UPLOADS_DIR!,
      AUTH_SECRET: process.env.AUTH_SECRET!,
      ORPHAN_SWEEP_MINUTES: '0',
      SHUTDOWN_DELAY_SECONDS: '0',
    });
    try {
      expect(await probe(server.base, '/readyz')).toBe(200);
      const signalledAt = Date.now();
      process.kill(server.pid, 'SIGTERM');
      let refusedAt = 0;
      for (let i = 0; i < 40 && !refusedAt; i++) {
        await sleep(50);
        if ((await probe(server.base, '/')) === 'ECONNREFUSED') refusedAt = Date.now();
      }
      expect(refusedAt - signalledAt).toBeGreaterThan(0);
      expect(refusedAt - signalledAt).toBeLessThan(1_000);
      // "stopped" is the last line before exit(0); a second SIGTERM is ignored, and waits for the exit.
      await server.waitForOutput(/"msg":"stopped"/, 10_000);
      await server.kill('SIGTERM');
      expect(server.output()).toMatch(/"delayMs":0,"msg":"stopping: not ready, still serving new connections until the delay ends"/);
    } finally {
      await server.kill('SIGKILL');
    }
  }, 60_000);
});
