import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { ACTIONS } from '../helpers/transport-http';
import { BASE, call } from '../helpers/api';
import { makeUser, PASSWORD, testDb } from '../helpers/db';
import { streamPost } from '../helpers/raw-http';
import { freeLoopbackPort } from '../helpers/loopback';
import { startNginx, type NginxOptions, type RunningNginx } from '../helpers/nginx';
import { spawnServer, type SpawnedServer } from '../helpers/spawn-server';
import { landing } from '../helpers/landing';
import { actionBodyLimit, apiBodyLimit, DEFAULT_MAX_UPLOAD_BYTES } from '@/lib/http/upload-limits';

// Issue 24: the body limits and header sizes behind deploy/nginx.conf (the file docker-compose
// mounts), run by a real nginx with only its addresses and paths swapped (tests/helpers/nginx.ts).
// Two app servers: the main test server with the default MAX_UPLOAD_BYTES, and one of this file's
// own with 5 MiB, whose /api limit (12 MiB) is under the 18 MiB upload, so the app's own 413 and
// nginx's (over its 64m) are both seen, and must be the same answer.

const MiB = 1024 * 1024;
const SMALL_MAX = 5 * MiB;
/** deploy/nginx.conf's client_max_body_size. */
const NGINX_LIMIT = 64 * MiB;
/** A body over nginx's limit. */
const OVER_NGINX = NGINX_LIMIT + 8 * MiB;

const temp = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-nginx-'));
let small: SpawnedServer | null = null;
const proxies: RunningNginx[] = [];
/** nginx in front of the main test server (default limits), and in front of the 5 MiB one. */
let toMain: RunningNginx;
let toSmall: RunningNginx;
let token = '';

async function nginxFor(upstream: number, name: string, edit?: NginxOptions['edit']) {
  const dir = path.join(temp, name);
  mkdirSync(dir);
  const proxy = await startNginx({ upstreams: [upstream], port: await freeLoopbackPort(), dir, edit });
  proxies.push(proxy);
  return proxy;
}

beforeAll(async () => {
  small = await spawnServer({
    DATABASE_URL: process.env.DATABASE_URL!,
    UPLOADS_DIR: process.env.UPLOADS_DIR!,
    AUTH_SECRET: process.env.AUTH_SECRET!,
    MAX_UPLOAD_BYTES: String(SMALL_MAX),
    ORPHAN_SWEEP_MINUTES: '0',
  });
  toMain = await nginxFor(Number(new URL(BASE).port), 'main');
  toSmall = await nginxFor(small.port, 'small');
  const admin = await makeUser('admin');
  const login = await call('/api/login', { form: { email: admin.email, password: PASSWORD } });
  expect(login.status).toBe(200);
  token = login.data.token;
}, 60_000);

afterAll(async () => {
  await Promise.allSettled([small?.kill(), ...proxies.map((proxy) => proxy.stop())]);
  await testDb.$disconnect();
  rmSync(temp, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const BOUNDARY = '----oldclient7MA4YWxkTrZu0gW';

/**
 * The old client's upload (contract §2.7: POST /api/slider, multipart, `img`), `total` bytes in
 * all with its Content-Length declared as a browser does; the file's bytes are made as they are
 * sent (never held) and sending stops once the answer arrives. `sendAtMost` stops sooner, for an
 * answer that must come from the declared length alone (the app closes the connection after
 * refusing an /api body, so a client still writing could lose the answer to EPIPE).
 */
function upload(
  base: string,
  total: number,
  headers: Record<string, string> = {},
  route = '/api/slider',
  sendAtMost = total,
): Promise<Answer> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="img"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return streamPost(
    `${base}${route}`,
    {
      Origin: 'http://example.com',
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Content-Length': String(total),
      ...headers,
    },
    { total, head, tail, sendAtMost, fill: 0x61, chunkBytes: 256 * 1024 },
  );
}

/** What the old client reads of a refusal (and a browser needs to let it read it). */
const refusal = (answer: Answer) => ({
  status: answer.status,
  body: JSON.parse(answer.body) as unknown,
  contentType: answer.headers['content-type'],
  allowOrigin: answer.headers['access-control-allow-origin'],
  cacheControl: answer.headers['cache-control'],
  nosniff: answer.headers['x-content-type-options'],
});

const tooLarge = (message: string) => ({
  status: 413,
  body: { message },
  contentType: 'application/json',
  allowOrigin: '*',
  cacheControl: 'no-store',
  nosniff: 'nosniff',
});

describe('uploads over the limits, through nginx', () => {
  it("18 MiB: over the app's /api limit (5 MiB files: 12 MiB), under nginx's: the app's own 413, JSON with CORS", async () => {
    expect(apiBodyLimit(SMALL_MAX)).toBe(12 * MiB);
    const answer = await upload(toSmall.base, 18 * MiB);
    expect(refusal(answer)).toEqual(tooLarge(en.errors.payloadTooLarge));
    // The app answered: it echoes the request id nginx gave it (nginx's own answers carry none).
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("72 MiB: over nginx's 64m: nginx's own 413 is the same answer, whichever app is behind", async () => {
    for (const proxy of [toSmall, toMain]) {
      const answer = await upload(proxy.base, OVER_NGINX);
      expect(refusal(answer)).toEqual(tooLarge(en.errors.payloadTooLarge));
      expect(answer.headers['x-request-id']).toBeUndefined();
    }
  });

  it('nginx picks the language as the app does: Accept-Language on /api, the /ar prefix elsewhere', async () => {
    const cases: [string, string][] = [
      ['ar', ar.errors.payloadTooLarge],
      ['ar-AE,ar;q=0.9,en;q=0.8', ar.errors.payloadTooLarge],
      ['fr-FR, ar;q=0.5', ar.errors.payloadTooLarge],
      ['en-US,en;q=0.9,ar;q=0.8', en.errors.payloadTooLarge],
      ['fr', en.errors.payloadTooLarge],
      ['', en.errors.payloadTooLarge],
    ];
    for (const [language, message] of cases) {
      const headers = { 'Accept-Language': language };
      // nginx's answer (72 MiB) and the app's own (a declared length over its limit: answered at once).
      const [proxied, direct] = await Promise.all([
        upload(toMain.base, OVER_NGINX, headers),
        upload(small!.base, OVER_NGINX, headers, '/api/slider', 64 * 1024),
      ]);
      expect(refusal(proxied), language).toEqual(tooLarge(message));
      expect(refusal(direct), language).toEqual(tooLarge(message));
    }
    // A form (server action) outside /api: the language of the path, and no CORS, as the app's.
    for (const [page, message] of [
      ['/LogIn', en.errors.payloadTooLarge],
      ['/ar/LogIn', ar.errors.payloadTooLarge],
    ] as const) {
      // The header says the other language: the path decides.
      const headers = (base: string) => ({
        'Next-Action': ACTIONS.login!,
        Accept: 'text/x-component',
        Origin: base,
        'Accept-Language': page === '/LogIn' ? 'ar' : 'en',
      });
      const [proxied, direct] = await Promise.all([
        upload(toMain.base, OVER_NGINX, headers(toMain.base), page),
        upload(small!.base, actionBodyLimit(SMALL_MAX) + 1, headers(small!.base), page, 64 * 1024),
      ]);
      for (const answer of [proxied, direct]) {
        expect([answer.status, JSON.parse(answer.body)], page).toEqual([413, { message }]);
        expect(answer.headers['access-control-allow-origin'], page).toBeUndefined();
      }
    }
  });

  it('a first visit through nginx lands on its Accept-Language: ar-AE twice on /ar, en-GB twice on English (a copy)', async () => {
    for (let i = 0; i < 2; i++) {
      const english = await landing(toMain.base, '/', { 'Accept-Language': 'en-GB' });
      expect([english.status, english.lang], `en-GB #${i + 1}`).toEqual([200, 'en']);
    }
    // The second English answer within nginx's second is its copy; Arabic-first visits still get the redirect.
    const cached = await fetch(`${toMain.base}/`, { headers: { 'Accept-Language': 'en-GB' } });
    expect(cached.headers.get('x-cache-status')).toBe('HIT');
    for (let i = 0; i < 2; i++) {
      const arabic = await landing(toMain.base, '/', { 'Accept-Language': 'ar-AE,ar;q=0.9,en;q=0.8' });
      expect([arabic.status, new URL(arabic.location ?? '', toMain.base).pathname], `ar-AE #${i + 1}`).toEqual([307, '/ar']);
    }
    const english = await landing(toMain.base, '/', { 'Accept-Language': 'en-GB' });
    expect([english.status, english.lang]).toEqual([200, 'en']);
  });

  it("with the default MAX_UPLOAD_BYTES, a 40 MiB upload reaches the app (nginx's old 32m refused it): the file's own 422", async () => {
    expect([apiBodyLimit(DEFAULT_MAX_UPLOAD_BYTES), NGINX_LIMIT]).toEqual([52 * MiB, 64 * MiB]);
    const answer = await upload(toMain.base, 40 * MiB);
    expect([answer.status, JSON.parse(answer.body)]).toEqual([
      422,
      { message: en.errors.invalid, errors: { img: [en.validation.imageTooLarge] } },
    ]);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });
});

/** The answer's status, and the bytes of its status line and headers as nginx passed them on. */
function headerBytes(url: string): Promise<{ status: number; bytes: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
      for (let i = 0; i < res.rawHeaders.length; i += 2) lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, bytes: lines.join('\r\n').length + 4, location: res.headers.location }));
    });
    req.on('error', reject);
  });
}

describe('large response headers', () => {
  it('an answer with ~10 KB of headers passes nginx; without proxy_buffer_size it is the 502 it used to be', async () => {
    // A redirect with a long Location (/en/… to /…; Next also repeats it in `Refresh`): the request
    // line stays under nginx's 8 KB request buffers while the answer's headers grow past 4 KB.
    const tail = 'a'.repeat(5000);
    const answer = await headerBytes(`${toMain.base}/en/${tail}`);
    expect([answer.status, answer.location]).toEqual([308, `/${tail}`]);
    expect(answer.bytes).toBeGreaterThan(10_000);
    expect(answer.bytes).toBeLessThan(16 * 1024);

    const control = await nginxFor(Number(new URL(BASE).port), 'control', (config) => {
      const without = config.replace(/^\s*proxy_buffer_size .*\n\s*proxy_buffers .*\n/m, '');
      if (without === config) throw new Error('deploy/nginx.conf no longer sets proxy_buffer_size and proxy_buffers');
      return without;
    });
    expect((await headerBytes(`${control.base}/en/${tail}`)).status).toBe(502);
  });
});

// Issue 34: the per-client limits deploy/nginx.conf ships (limit_req, limit_conn), on an nginx of
// their own (fresh zones). Every request here comes from 127.0.0.1, one client address to nginx.
describe("the proxy's per-client limits", () => {
  let limits: RunningNginx;
  beforeAll(async () => {
    limits = await nginxFor(Number(new URL(BASE).port), 'limits');
  });

  /** A plain POST (no action: the page answers, nothing is written). */
  async function plainPost(route: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${limits.base}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: 'a=1',
      redirect: 'manual',
    });
    return { status: res.status, headers: res.headers, body: await res.text() };
  }

  /** nginx's 429: JSON `{message}` in the page's (or on /api the caller's) language, Retry-After, CORS on /api only. */
  const tooMany = (answer: Awaited<ReturnType<typeof plainPost>>) => ({
    status: answer.status,
    body: JSON.parse(answer.body) as unknown,
    contentType: answer.headers.get('content-type'),
    retryAfter: answer.headers.get('retry-after'),
    allowOrigin: answer.headers.get('access-control-allow-origin'),
    cacheControl: answer.headers.get('cache-control'),
  });
  const refusedAs = (message: string, allowOrigin: string | null = null) => ({
    status: 429,
    body: { message },
    contentType: 'application/json',
    retryAfter: '60',
    allowOrigin,
    cacheControl: 'no-store',
  });

  it('sign-in: 10 a minute and 10 at once per address, then 429 in the language of the page, /api/login too', async () => {
    const before = await testDb.user.count();
    // 14 at once: the first and the burst of 10 are passed on (the bucket leaks one per 6 s), 3 refused.
    const answers = await Promise.all(Array.from({ length: 14 }, () => plainPost('/LogIn')));
    const statuses = answers.map((a) => a.status);
    console.log(`[nginx-limits] 14 sign-in posts at once: ${statuses.join(' ')}`);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(statuses.filter((s) => s !== 429 && s >= 500)).toEqual([]);
    expect(tooMany(answers.find((a) => a.status === 429)!)).toEqual(refusedAs(en.errors.slowDown));
    // Any letter case and the Arabic page share the zone; /api/login too, as JSON with CORS in the caller's language.
    expect(tooMany(await plainPost('/ar/login'))).toEqual(refusedAs(ar.errors.slowDown));
    expect(tooMany(await plainPost('/api/login', { 'Accept-Language': 'ar' }))).toEqual(refusedAs(ar.errors.slowDown, '*'));
    // Reading the page is not counted, nor is another zone's form.
    expect((await fetch(`${limits.base}/LogIn`)).status).toBe(200);
    expect((await plainPost('/SignUp')).status).not.toBe(429);
    expect(await testDb.user.count()).toBe(before);
  });

  it('the quote form: 5 a minute and 5 at once, then 429', async () => {
    const statuses = (await Promise.all(Array.from({ length: 8 }, () => plainPost('/ContactUs')))).map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 429 && s >= 500)).toEqual([]);
    expect(tooMany(await plainPost('/ar/ContactUs'))).toEqual(refusedAs(ar.errors.slowDown));
  });

  it('sign-up: 5 a minute and 5 at once, then 429', async () => {
    // One post went to /SignUp in the sign-in case above.
    const statuses = (await Promise.all(Array.from({ length: 7 }, () => plainPost('/SignUp')))).map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(statuses.filter((s) => s !== 429 && s >= 500)).toEqual([]);
  });

  it('the back office: 20 a second and 100 at once, then 429; the public pages are not counted', async () => {
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 140 }, async () => {
        const res = await fetch(`${limits.base}/Admin`, { redirect: 'manual' });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const refused = statuses.filter((s) => s === 429).length;
    console.log(`[nginx-limits] 140 back-office requests at once in ${seconds.toFixed(1)} s: ${refused} refused`);
    // 1 + 100 passed at once, and at most 20 a second more while the burst lasted.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeGreaterThanOrEqual(140 - 101 - Math.ceil(20 * seconds));
    expect(refused).toBeLessThanOrEqual(140 - 101);
    expect(statuses.filter((s) => s !== 429 && s >= 500)).toEqual([]);
    expect((await fetch(`${limits.base}/`)).status).toBe(200);
  });

  it('uploads: 4 bodies at once per address (limit_conn), the 5th refused at once; a place freed is taken again', async () => {
    const open: http.ClientRequest[] = [];
    /** A chunked upload that sends 64 KB and then waits (nginx holds it, receiving). */
    const slowUpload = () =>
      new Promise<http.ClientRequest>((resolve) => {
        const req = http.request(`${limits.base}/api/slider`, {
          method: 'POST',
          agent: false,
          headers: { 'Content-Type': 'application/octet-stream', Authorization: `Bearer ${token}`, 'Transfer-Encoding': 'chunked' },
        });
        req.on('error', () => {});
        req.write(Buffer.alloc(64 * 1024, 'a'), () => resolve(req));
        open.push(req);
      });
    try {
      for (let i = 0; i < 4; i++) await slowUpload();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const fifth = await upload(limits.base, 200_000);
      expect(tooMany({ status: fifth.status, headers: new Headers(fifth.headers as Record<string, string>), body: fifth.body })).toEqual(
        refusedAs(en.errors.slowDown, '*'),
      );
      // A small body is no upload: not counted.
      expect((await plainPost('/api/home')).status).not.toBe(429);
      open.shift()!.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The app's own answer to a file that is no image: 422, past nginx.
      expect((await upload(limits.base, 200_000)).status).toBe(422);
    } finally {
      for (const req of open) req.destroy();
    }
  });
});
