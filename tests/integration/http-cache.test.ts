import { readdirSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { BASE, call, imageFile, purgePageCopies, userWithToken } from '../helpers/api';
import { testDb, unique } from '../helpers/db';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';

// The production server keeps what Next answered for as long as its Cache-Control lets a shared
// cache keep it, and answers the same request (same page, same headers named in Vary) with that
// copy (server/page-cache.ts). These check the copy is Next's answer byte for byte, that
// requests it must not answer still reach Next, and that a write ends the copies at once.

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawNames: string[];
  body: Buffer;
}

/** One request with exactly these headers (fetch would add Accept-Encoding and decompress). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${BASE}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          rawNames: response.rawHeaders.filter((_, i) => i % 2 === 0),
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

deleteContentAddedByThisFile();

const replayed = (res: Raw) => res.headers['x-page-replay'] === '1';

/** Asks until the answer is a copy: Next answers first, then the copy. */
async function untilReplayed(path: string, headers: Record<string, string> = {}) {
  const answers: Raw[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await raw(path, headers);
    answers.push(res);
    if (replayed(res)) return answers;
    // A brotli copy is made after Next's answer has gone out.
    if (i >= 2) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} was never replayed: ${answers.map((a) => `${a.status} ${a.headers['cache-control']}`).join(', ')}`);
}

/** The headers that must be the same on Next's answer and on its copy. */
/** The headers that must match; the date, connection and the request's own id differ per answer. */
function comparable(res: Raw) {
  const {
    date: _date,
    'x-page-replay': _marker,
    age: _age,
    'x-request-id': _id,
    // Next's own note on where it took the page from (its cache or a render), whichever answer was kept.
    'x-nextjs-cache': _nextCache,
    connection: _connection,
    'keep-alive': _keepAlive,
    ...rest
  } = res.headers;
  return rest;
}

let admin: { token: string; userId: number };

beforeAll(async () => {
  const { user, token } = await userWithToken('admin');
  admin = { token: token!, userId: user!.id };
});
afterAll(async () => {
  await testDb.user.delete({ where: { id: admin.userId } }).catch(() => undefined);
  await testDb.$disconnect();
});

describe('cached pages are answered with a copy of what Next sent', () => {
  it('the copy has the same status, headers (same spelling) and bytes as Next’s answer, and says its age', async () => {
    // After a write, so the first answer is Next's, whatever earlier files asked for /AboutUs.
    await purgePageCopies(admin.token);
    const url = '/AboutUs';
    const answers = await untilReplayed(url);
    const copy = answers.at(-1)!;
    const fromNext = answers.at(-2)!;
    expect(replayed(fromNext)).toBe(false);
    // Kept because its Cache-Control lets a shared cache keep it (at most a minute in all).
    expect(fromNext.headers['cache-control']).toBe('s-maxage=30, stale-while-revalidate=30');
    expect(copy.status).toBe(200);
    expect(copy.body.equals(fromNext.body)).toBe(true);
    expect(comparable(copy)).toEqual(comparable(fromNext));
    expect(copy.rawNames.filter((n) => !['X-Page-Replay', 'Age'].includes(n))).toEqual(fromNext.rawNames.filter((n) => n !== 'Age'));
    expect(Number(copy.headers.age)).toBeGreaterThanOrEqual(0);
    expect(Number(copy.headers.age)).toBeLessThanOrEqual(30);
    // Each answer carries its own request's id (server/main.ts), never the kept one's.
    expect(copy.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fromNext.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(copy.headers['x-request-id']).not.toBe(fromNext.headers['x-request-id']);
    expect(copy.body.toString('utf8')).toContain('<html lang="en" dir="ltr"');
    // A later request is a copy too (the copy is kept, not used once).
    expect(replayed(await raw(url))).toBe(true);
  });

  it('keeps compressed and plain answers apart, and the gzip copy is the same page', async () => {
    const plain = (await untilReplayed('/ar/AboutUs')).at(-1)!;
    const gzip = (await untilReplayed('/ar/AboutUs', { 'Accept-Encoding': 'gzip' })).at(-1)!;
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.body.byteLength);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(plain.body.toString('utf8')).toContain('<html lang="ar" dir="rtl"');
  });

  it('a browser that takes brotli gets the copy in brotli: the same page, smaller than gzip', async () => {
    // After a write, so no earlier test kept a copy of it.
    await purgePageCopies(admin.token);
    const url = '/TheTeam';
    const answers = await untilReplayed(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    // Next itself answers in gzip; the kept copy is brotli (made once Next's answer is out).
    expect(replayed(answers[0]!)).toBe(false);
    expect(answers[0]!.headers['content-encoding']).toBe('gzip');
    let br = answers.at(-1)!;
    for (let i = 0; i < 20 && br.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      br = await raw(url, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    }
    const plain = (await untilReplayed(url)).at(-1)!;
    const gzip = (await untilReplayed(url, { 'Accept-Encoding': 'gzip' })).at(-1)!;
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.byteLength).toBeLessThan(gzip.body.byteLength * 0.95);
    const { 'content-encoding': _br, 'content-length': _brLength, ...brRest } = comparable(br);
    const { 'content-encoding': _gzip, 'content-length': _gzipLength, ...gzipRest } = comparable(gzip);
    expect(brRest).toEqual(gzipRest);
    // Refused brotli (q=0) is never answered with it.
    const refused = (await untilReplayed('/TheTeam', { 'Accept-Encoding': 'br;q=0, gzip' })).at(-1)!;
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD from the copy with the headers and no body', async () => {
    const page = (await untilReplayed('/ContactUs')).at(-1)!;
    const head = await raw('/ContactUs', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(replayed(head)).toBe(true);
    expect(head.body.byteLength).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(page.body.byteLength);
  });
});

describe('requests a copy must not answer get their own answer', () => {
  it('the remembered language still redirects an English URL whose page is replayed', async () => {
    await untilReplayed('/');
    const arabic = await raw('/', { Cookie: 'theme=light; NEXT_LOCALE=ar' });
    expect(arabic.status).toBe(307);
    expect(arabic.headers.location).toMatch(/\/ar$/);
    const english = await raw('/', { Cookie: 'NEXT_LOCALE=en' });
    expect(english.status).toBe(200);
  });

  it('requests with other values of the headers the answer varies on (here the router’s RSC requests) never get the page’s copy', async () => {
    const page = (await untilReplayed('/Services')).at(-1)!;
    expect(String(page.headers.vary).toLowerCase()).toContain('rsc');
    for (let i = 0; i < 3; i++) {
      // Next first sends an RSC request without its cache-busting `_rsc` parameter to the URL with it.
      const first = await raw('/Services', { RSC: '1' });
      const location = first.status === 307 ? new URL(String(first.headers.location), BASE) : null;
      const rsc = location ? await raw(`${location.pathname}${location.search}`, { RSC: '1' }) : first;
      expect(rsc.status).toBe(200);
      expect(rsc.headers['content-type']).toContain('text/x-component');
      expect(rsc.body.toString('utf8')).not.toContain('<html');
    }
  });

  it('a revalidation with the copy’s ETag is a 304 from the cache; another ETag gets the page', async () => {
    const page = (await untilReplayed('/Services')).at(-1)!;
    expect(page.headers.etag).toBeTruthy();
    const conditional = await raw('/Services', { 'If-None-Match': String(page.headers.etag) });
    expect(conditional.status).toBe(304);
    expect(replayed(conditional)).toBe(true);
    expect(conditional.headers.etag).toBe(page.headers.etag);
    expect(conditional.body.byteLength).toBe(0);
    const other = await raw('/Services', { 'If-None-Match': '"something-else"' });
    expect(other.status).toBe(200);
    expect(other.body.equals(page.body)).toBe(true);
  });

  it('a 404 is rendered on the server every time and never kept', async () => {
    for (const [path, lang, dir, title] of [
      ['/no-such-page', 'en', 'ltr', en.notFound.title],
      ['/ar/no-such-page', 'ar', 'rtl', ar.notFound.title],
    ] as const) {
      for (let i = 0; i < 3; i++) {
        const res = await raw(path);
        expect(res.status, path).toBe(404);
        expect(replayed(res)).toBe(false);
        const html = res.body.toString('utf8');
        expect(html).toContain(`<html lang="${lang}" dir="${dir}"`);
        expect(html).not.toContain('__next_error__');
        // In the markup itself, not only in the script payload.
        expect(html.replace(/<script[\s\S]*?<\/script>/g, '')).toContain(title);
        expect(html).toMatch(/<meta name="robots" content="noindex"/);
      }
    }
  });
});

describe('a write ends the copy', () => {
  it('a service created and deleted through /api shows and goes on the very next request', async () => {
    const tag = unique('replay');
    const title = `Replay test ${tag}`;
    const before = (await untilReplayed('/Services')).at(-1)!;
    expect(before.body.toString('utf8')).not.toContain(title);

    const created = await call('/api/service', {
      token: admin.token,
      form: { titel: title, titelar: `خدمة ${tag}`, dec: 'Temporary', decar: 'مؤقت', img_ser: await imageFile() },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const id = created.data.id as number;
    try {
      const after = await raw('/Services');
      expect(replayed(after)).toBe(false);
      expect(after.body.toString('utf8')).toContain(title);
      // And the new page becomes the copy.
      expect((await untilReplayed('/Services')).at(-1)!.body.toString('utf8')).toContain(title);
    } finally {
      expect((await call(`/api/service/${id}`, { token: admin.token, method: 'DELETE' })).status).toBe(200);
    }
    const gone = await raw('/Services');
    expect(replayed(gone)).toBe(false);
    expect(gone.body.toString('utf8')).not.toContain(title);
  });
});

describe('/api/home, which the old client asks on every page view, is kept like a page', () => {
  it('is kept once for every Origin (CORS_ORIGINS `*`: the same answer for all) and a write ends the copy', async () => {
    const first = await raw('/api/home', { Origin: 'http://127.0.0.1:9' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const copy = (await untilReplayed('/api/home', { Origin: 'http://127.0.0.1:9' })).at(-1)!;
    expect(copy.body.equals(first.body)).toBe(true);
    // Kept under one Origin, served at once to another.
    const other = await raw('/api/home', { Origin: 'http://127.0.0.1:8' });
    expect(replayed(other)).toBe(true);
    expect(other.body.equals(first.body)).toBe(true);
    expect(other.headers['access-control-allow-origin']).toBe('*');

    const tag = unique('home');
    const created = await call('/api/service', {
      token: admin.token,
      form: { titel: `Home ${tag}`, titelar: `خدمة ${tag}`, dec: 'Temporary', decar: 'مؤقت', img_ser: await imageFile() },
    });
    expect(created.status).toBe(201);
    try {
      const after = await raw('/api/home', { Origin: 'http://127.0.0.1:9' });
      expect(replayed(after)).toBe(false);
      expect(after.body.toString('utf8')).toContain(`Home ${tag}`);
    } finally {
      expect((await call(`/api/service/${created.data.id as number}`, { token: admin.token, method: 'DELETE' })).status).toBe(200);
    }
    expect((await raw('/api/home', { Origin: 'http://127.0.0.1:9' })).body.toString('utf8')).not.toContain(`Home ${tag}`);
  });
});

describe('the build’s scripts and stylesheets go out in brotli to browsers that take it', () => {
  it('the brotli answer is the same file with Next’s headers; refusals, ranges and revalidations get Next’s answer', async () => {
    const html = (await raw('/')).body.toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.css')) && assets.some((a) => a.endsWith('.js'))).toBe(true);
    for (const asset of [...new Set(assets)].slice(0, 4)) {
      const plain = await raw(asset);
      const gzip = await raw(asset, { 'Accept-Encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], asset).toBe('gzip');
      const answers = [
        await raw(asset, { 'Accept-Encoding': 'gzip, deflate, br' }),
        await raw(asset, { 'Accept-Encoding': 'gzip, deflate, br' }),
      ];
      const br = answers.at(-1)!;
      expect(br.headers['content-encoding'], asset).toBe('br');
      expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
      expect(brotliDecompressSync(br.body).equals(plain.body), asset).toBe(true);
      expect(br.body.byteLength).toBeLessThan(gzip.body.byteLength);
      for (const name of ['content-type', 'cache-control', 'etag', 'last-modified', 'vary', 'x-content-type-options']) {
        expect(br.headers[name], `${asset} ${name}`).toBe(gzip.headers[name]);
      }
      expect((await raw(asset, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
      const range = await raw(asset, { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
      expect(range.headers['content-encoding']).not.toBe('br');
      const revalidation = await raw(asset, { 'Accept-Encoding': 'br', 'If-None-Match': String(gzip.headers.etag) });
      expect(revalidation.status).toBe(304);
    }
    // Learnt from an answer Next sent uncompressed (the browser took brotli only), the brotli
    // answer still varies on Accept-Encoding.
    const chunks = readdirSync('.next/static/chunks').filter((name) => name.endsWith('.js'));
    const fresh = `/_next/static/chunks/${chunks.find((name) => !assets.includes(`/_next/static/chunks/${name}`))}`;
    const first = await raw(fresh, { 'Accept-Encoding': 'br' });
    expect(first.status, fresh).toBe(200);
    const second = await raw(fresh, { 'Accept-Encoding': 'br' });
    expect(second.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(second.body).equals((await raw(fresh)).body)).toBe(true);
    expect(String(second.headers.vary)).toMatch(/accept-encoding/i);
  });
});
