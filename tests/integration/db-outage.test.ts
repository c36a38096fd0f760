import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hash } from '@node-rs/argon2';
import escapeHtml from 'escape-html';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { PrismaClient } from '@/lib/generated/prisma/client';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { ACTIONS, actionResult } from '../helpers/transport-http';

// Issue 16, finding 6: PostgreSQL stops for a while and comes back. This file runs its own
// PostgreSQL (a fresh cluster on a free port) and its own production server against it, so it
// can stop the database without touching the shared test server. While the database is down:
// /api answers 503 JSON with Retry-After (never 500), cached pages are still served (a page a
// write had just expired gets its last good copy), a page never cached gets the branded 503 in its
// language, and sign-in says the service is unavailable. Once the database is back, everything
// answers again within a second, and every write that was acknowledged is in the database.

const PG_BIN = '/usr/lib/postgresql/15/bin';
const PASSWORD = 'correct horse battery';
const RECOVERY_MS = 1_000;

let pgPort = 0;
let webPort = 0;
let base = '';
let dataDir = '';
let uploadsDir = '';
let server: ChildProcess | undefined;
let db: PrismaClient | undefined;
let token = '';

/** A port in 3111-3119 nobody listens on. */
async function freePort(taken: number[] = []): Promise<number> {
  for (let port = 3111; port <= 3119; port++) {
    if (taken.includes(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3111-3119');
}

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function pgTool(tool: string, args: string[]) {
  const command = path.join(PG_BIN, tool);
  const asRoot = process.getuid?.() === 0;
  const result = spawnSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
}
const startDb = () =>
  pgTool('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dataDir, 'log'),
    '-w',
    '-t',
    '30',
    '-o',
    `-p ${pgPort} -k /tmp -c listen_addresses=127.0.0.1`,
    'start',
  ]);
const stopDb = () => pgTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request with exactly these headers; the body decoded. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const text = (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

const form = (fields: Record<string, string>) => {
  const body = new URLSearchParams(fields).toString();
  return { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)), body };
};

async function api(url: string, fields?: Record<string, string>, auth = true) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Origin: base,
    ...(auth && token ? { Authorization: `Bearer ${token}` } : {}),
  };
  if (!fields) return request(url, { headers });
  const { body, ...formHeaders } = form(fields);
  return request(url, { method: 'POST', headers: { ...headers, ...formHeaders }, body });
}

/** The login server action, as the sign-in form calls it (id from the build's manifest). */
async function loginAction(email: string, password: string) {
  const id = ACTIONS.login;
  if (!id) throw new Error('no login action in the manifest');
  const body = new FormData();
  body.append('_1_email', email);
  body.append('_1_password', password);
  body.append('_1_js', '1'); // as the scripted sign-in form sends it: an answer, not a redirect
  body.append('0', JSON.stringify([null, '$K1']));
  const res = await fetch(`${base}/LogIn`, {
    method: 'POST',
    headers: { 'Next-Action': id, Accept: 'text/x-component', Origin: base },
    body,
    redirect: 'manual',
  });
  const cookie =
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c?.startsWith('authjs.session-token=')) ?? '';
  return { status: res.status, text: await res.text(), cookie };
}

/** Asks until the page is answered from its kept copy (Next renders it, serves it, then it is copied). */
async function warm(url: string, encoding: string) {
  for (let i = 0; i < 8; i++) {
    const res = await request(url, { headers: { 'Accept-Encoding': encoding } });
    expect(res.status, `${url} ${encoding}`).toBe(200);
    if (res.headers['x-page-replay'] === '1') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} (${encoding}) was never answered from its copy`);
}

beforeAll(async () => {
  pgPort = await freePort();
  webPort = await freePort([pgPort]);
  base = `http://127.0.0.1:${webPort}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-outage-pg-'));
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-outage-uploads-'));
  if (process.getuid?.() === 0) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dataDir, id('-u'), id('-g'));
  }
  pgTool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '--no-instructions']);
  startDb();
  const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${pgPort}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE outage');
  await admin.end();
  const url = `postgresql://postgres@127.0.0.1:${pgPort}/outage`;
  await migrate(url, path.resolve('prisma/migrations'), () => {});
  const env = {
    ...process.env,
    DATABASE_URL: url,
    UPLOADS_DIR: uploadsDir,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    SITE_URL: base,
  };
  const seeded = spawnSync('npx', ['tsx', '--conditions=react-server', 'tests/helpers/seed-cli.ts'], { env, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }) });
  await db.user.create({
    data: {
      name: 'Outage Admin',
      email: 'outage-admin@example.test',
      passwordHash: await hash(PASSWORD),
      isAdmin: true,
      isMiniAdmin: true,
    },
  });
  server = spawn(process.execPath, ['dist/server.mjs'], {
    env: { ...env, PORT: String(webPort), HOSTNAME: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (
    (await api('/api/home', undefined, false).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline) throw new Error('the second server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const login = await api('/api/login', { email: 'outage-admin@example.test', password: PASSWORD }, false);
  expect(login.status).toBe(200);
  token = JSON.parse(login.text).token;
}, 120_000);

afterAll(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  }
  await db?.$disconnect();
  if (dataDir) {
    try {
      stopDb();
    } catch {}
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
});

it(
  'with PostgreSQL stopped: 503 + Retry-After from /api, cached pages (and their last good copy), branded 503 pages, sign-in "unavailable"; back within 1 s, no acknowledged write lost',
  { timeout: 180_000 },
  async () => {
    const encodings = ['identity', 'gzip', 'br'];
    const cached = ['/', '/ar', '/TheTeam', '/ar/TheTeam', '/Services', '/ar/Services'];
    for (const url of cached) for (const encoding of encodings) await warm(url, encoding);

    // A write that expires the services pages just before the outage; nobody asks for them again.
    const service = await db!.service.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const session = await loginAction('outage-admin@example.test', PASSWORD);
    expect(await actionResult(session.text)).toEqual({ ok: true, next: '/Admin' });
    const adminCookie = session.cookie;
    expect((await request('/Admin/Events', { headers: { Cookie: adminCookie } })).status).toBe(200);
    const renamed = await api(`/api/service/${service.id}`, {
      _method: 'PUT',
      titel: 'Renamed before the outage',
      titelar: 'اسم قبل الانقطاع',
    });
    expect(renamed.status).toBe(200);

    // A new contact expires the home pages and the contact data, so /ContactUs, never asked for,
    // has no copy at all.
    expect((await api('/api/contact', { email: 'outage-first@example.test' })).status).toBe(201);

    // A writer that keeps adding contacts throughout: each acknowledged one must be stored.
    const acknowledged: string[] = [];
    const writeStatuses = new Map<number, number>();
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const name = `outage-writer-${i}@example.test`;
        const res = await api('/api/contact', { email: name });
        writeStatuses.set(res.status, (writeStatuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) acknowledged.push(name);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    try {
      for (let waited = 0; !acknowledged.length && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      await outageAndRecovery(service, adminCookie);
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      writing = false;
      await writer.catch(() => undefined);
    }
    // Writes answered either 201 (stored) or 503 (refused): never a 500, and some of each.
    expect([...writeStatuses.keys()].sort()).toEqual([201, 503]);
    const stored = await db!.contact.findMany({ where: { email: { startsWith: 'outage-writer-' } }, select: { email: true } });
    const names = new Set(stored.map((row) => row.email));
    expect(acknowledged.filter((name) => !names.has(name))).toEqual([]);
    console.log(
      `[db-outage] ${acknowledged.length} writes acknowledged, all stored; statuses ${JSON.stringify(Object.fromEntries(writeStatuses))}`,
    );
  },
);

async function outageAndRecovery(service: { id: number; titleEn: string; titleAr: string }, adminCookie: string) {
  const encodings = ['identity', 'gzip', 'br'];
  stopDb();
  try {
    // /api: 503 JSON with Retry-After and CORS (the API speaks English, like the old backend).
    for (const url of ['/api/home', '/api/service', '/api/team/1']) {
      const res = await api(url);
      expect(res.status, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(JSON.parse(res.text), url).toEqual({ message: en.errors.unavailable });
    }
    const write = await api(`/api/service/${service.id}`, { _method: 'PUT', titel: 'Written during the outage' });
    expect(write.status).toBe(503);

    // Sign-in: "unavailable", never "wrong password".
    const apiLogin = await api('/api/login', { email: 'outage-admin@example.test', password: PASSWORD }, false);
    expect(apiLogin.status).toBe(503);
    expect(JSON.parse(apiLogin.text)).toEqual({ message: en.errors.unavailable });
    const action = await loginAction('outage-admin@example.test', PASSWORD);
    expect(action.status).toBe(200);
    expect(await actionResult(action.text)).toEqual({ ok: false, error: 'unavailable', values: { email: 'outage-admin@example.test' } });

    // Every write empties the page cache. The team page, whose own reads no write expired, is
    // still served whole without the database.
    for (const url of ['/TheTeam', '/ar/TheTeam']) {
      for (const encoding of encodings) {
        const res = await request(url, { headers: { 'Accept-Encoding': encoding } });
        expect(res.status, `${url} ${encoding}`).toBe(200);
        // The team is there: rendered from the cached reads or, when the render needed a read the
        // writes expired (the layout's), its last good copy.
        expect(res.text, `${url} ${encoding}`).toContain('data-testid="team-card"');
      }
    }
    // The pages whose reads a write expired: their last good copy (from before the writes), in
    // every encoding.
    for (const [url, text] of [
      ['/Services', service.titleEn],
      ['/ar/Services', service.titleAr],
      ['/', '<main'],
      ['/ar', '<main'],
    ] as const) {
      for (const encoding of [...encodings, 'gzip, deflate, br']) {
        const res = await request(url, { headers: { 'Accept-Encoding': encoding } });
        expect(res.status, `${url} ${encoding}`).toBe(200);
        expect(res.headers['x-page-replay'], `${url} ${encoding}`).toBe('stale');
        expect(res.text, `${url} ${encoding}`).toContain(text);
      }
    }
    // A page that was never cached: the branded 503 in the page's language, no script.
    for (const [url, messages, lang] of [
      ['/ContactUs', en, 'en'],
      ['/ar/ContactUs', ar, 'ar'],
    ] as const) {
      const res = await request(url, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.status, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe('5');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.text).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`);
      // As HTML text: "We can't" is written "We can&#39;t".
      expect(res.text).toContain(escapeHtml(messages.unavailable.title));
      expect(res.text).toContain(escapeHtml(messages.unavailable.text));
      expect(res.text).not.toContain('<script');
    }

    // The back office (a signed-in Admin): the branded 503, not a crash; the server stays up.
    const office = await request('/Admin/Events', { headers: { Cookie: adminCookie } });
    expect(office.status).toBe(503);
    expect(office.text).toContain(escapeHtml(en.unavailable.title));

    // A bounded burst of everything at once: nothing answers 500.
    const pages = ['/Services', '/ContactUs', '/ar', '/ar/AboutUs'];
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? api('/api/event')
          : i % 3 === 1
            ? request(pages[i % pages.length]!)
            : api('/api/login', { email: 'x@example.test', password: 'y' }, false),
      ),
    );
    expect(burst.filter((res) => res.status >= 500 && res.status !== 503).map((res) => res.status)).toEqual([]);
  } finally {
    startDb();
  }

  // Back: how long after PostgreSQL is up until /api, a page that needs the database and sign-in
  // answer from it again (each asked again 20 ms after each failure).
  const up = Date.now();
  const recovery = await Promise.all(
    [
      () => api('/api/home', undefined, false),
      () => request('/ContactUs'),
      () => api('/api/login', { email: 'outage-admin@example.test', password: PASSWORD }, false),
    ].map(async (ask) => {
      // Counted to when the first request that succeeded was sent: the service was back by then
      // (its own answer time is load on this shared machine, not recovery).
      while (Date.now() - up < 5_000) {
        const sent = Date.now();
        if ((await ask()).status === 200) return { sent: sent - up, answered: Date.now() - up };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { sent: -1, answered: -1 };
    }),
  );
  const [apiBack, pageBack, signInBack] = recovery.map(({ sent, answered }) => `sent at ${sent} ms, answered at ${answered} ms`);
  console.log(`[db-outage] first success after PostgreSQL was up: /api ${apiBack}; page ${pageBack}; sign-in ${signInBack}`);
  for (const { sent } of recovery) {
    expect(sent).toBeGreaterThanOrEqual(0);
    expect(sent).toBeLessThan(RECOVERY_MS);
  }
  // The expired page is rendered afresh, with the write made before the outage.
  const services = await request('/Services');
  expect(services.status).toBe(200);
  expect(services.headers['x-page-replay']).toBeUndefined();
  expect(services.text).toContain('Renamed before the outage');
}
