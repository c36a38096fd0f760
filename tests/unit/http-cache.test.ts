import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepts, httpCache, sharedTtl } from '@/lib/server/http-cache.mjs';

// lib/server/http-cache.mjs on a plain Node server standing in for Next: what it keeps, for
// whom, for how long, and what a purge does. Standard HTTP only: Cache-Control and Vary.

describe('sharedTtl: how long a shared cache may keep an answer', () => {
  it('reads s-maxage first, then public max-age; refuses private, no-store and no-cache', () => {
    expect(sharedTtl('s-maxage=30, stale-while-revalidate=30')).toBe(30);
    expect(sharedTtl('public, max-age=0, s-maxage=30')).toBe(30);
    expect(sharedTtl('public, max-age=60')).toBe(60);
    expect(sharedTtl('max-age=60')).toBe(0);
    expect(sharedTtl('private, s-maxage=30')).toBe(0);
    expect(sharedTtl('no-store')).toBe(0);
    expect(sharedTtl('s-maxage=30, no-cache')).toBe(0);
    expect(sharedTtl(undefined)).toBe(0);
  });
  it('accepts: codings with q=0 are refused', () => {
    expect(accepts('gzip, deflate, br', 'br')).toBe(true);
    expect(accepts('br;q=0, gzip', 'br')).toBe(false);
    expect(accepts(undefined, 'br')).toBe(false);
  });
});

let clock = 1_000_000;
const cache = httpCache({ keyCookies: ['NEXT_LOCALE'], now: () => clock });
let renders = 0;
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (cache.serve(req, res)) return;
    cache.capture(req, res);
    renders += 1;
    const url = new URL(req.url ?? '/', 'http://x');
    const cc = url.searchParams.get('cc') ?? 's-maxage=30';
    const headers: Record<string, string> = {
      'Content-Type': 'text/html',
      'Cache-Control': cc,
      ETag: '"e1"',
      Vary: 'rsc, Accept-Language',
    };
    if (url.searchParams.has('cookie')) headers['Set-Cookie'] = 'a=1';
    const body = `render ${renders} rsc=${req.headers.rsc ?? ''} lang=${req.headers['accept-language'] ?? ''}`;
    const answer = () => {
      res.writeHead(url.searchParams.has('missing') ? 404 : 200, headers);
      res.end(body);
    };
    if (url.searchParams.has('slow')) setTimeout(answer, 100);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await fetch(`${base}${path}`, { headers, method });
  return { status: res.status, text: await res.text(), replay: res.headers.get('x-page-replay'), age: res.headers.get('age') };
}

describe('httpCache in front of a server', () => {
  it('keeps a cacheable answer and serves it to the same request, with its age', async () => {
    const first = await get('/a');
    const second = await get('/a');
    expect(first.replay).toBeNull();
    expect(second).toEqual({ status: 200, text: first.text, replay: '1', age: '0' });
    clock += 12_000;
    expect((await get('/a')).age).toBe('12');
  });

  it('keys on the headers the answer varies on, and on the locale cookie', async () => {
    const en = await get('/b', { 'Accept-Language': 'en' });
    const ar = await get('/b', { 'Accept-Language': 'ar' });
    expect(ar.text).not.toBe(en.text);
    expect(await get('/b', { 'Accept-Language': 'en' })).toMatchObject({ text: en.text, replay: '1' });
    expect((await get('/b', { 'Accept-Language': 'en', RSC: '1' })).replay).toBeNull();
    expect((await get('/b', { 'Accept-Language': 'en', Cookie: 'NEXT_LOCALE=ar' })).replay).toBeNull();
    expect((await get('/b', { 'Accept-Language': 'en', Cookie: 'theme=dark' })).replay).toBe('1');
  });

  it('never keeps what a shared cache must not: private, no-store, Set-Cookie, errors', async () => {
    for (const path of ['/c?cc=private,s-maxage%3D30', '/c?cc=no-store', '/c?cookie=1', '/c?missing=1', '/c?cc=max-age%3D60']) {
      await get(path);
      expect((await get(path)).replay, path).toBeNull();
    }
  });

  it('expires at the end of the lifetime', async () => {
    await get('/d');
    expect((await get('/d')).replay).toBe('1');
    clock += 30_000;
    expect((await get('/d')).replay).toBeNull();
  });

  it('answers HEAD and a matching If-None-Match from the copy', async () => {
    const page = await get('/e');
    const head = await get('/e', {}, 'HEAD');
    expect(head).toMatchObject({ status: 200, text: '', replay: '1' });
    const revalidated = await get('/e', { 'If-None-Match': '"e1"' });
    expect(revalidated).toMatchObject({ status: 304, text: '', replay: '1' });
    expect((await get('/e', { 'If-None-Match': '"other"' })).text).toBe(page.text);
  });

  it('a purge empties it; what was kept becomes the last good copy', async () => {
    const kept = await get('/f', { 'Accept-Language': 'en' });
    expect((await get('/f', { 'Accept-Language': 'en' })).replay).toBe('1');
    cache.purge();
    const fresh = await get('/f', { 'Accept-Language': 'en' });
    expect(fresh.replay).toBeNull();
    expect(fresh.text).not.toBe(kept.text);
    const stale = cache.findStale({ url: '/f', headers: { 'accept-language': 'en' } } as http.IncomingMessage);
    expect(stale?.stored.body.toString()).toBe(kept.text);
    expect(cache.stats().generation).toBe(1);
  });

  it('an answer whose render began before a purge is not kept', async () => {
    const slow = get('/g?slow=1'); // writes its answer 100 ms later
    await new Promise((resolve) => setTimeout(resolve, 30));
    cache.purge();
    await slow;
    const after = renders;
    expect((await get('/g?slow=1')).replay).toBeNull();
    expect(renders).toBe(after + 1);
  });

  it('a URL with sixteen copies makes room for a new one instead of refusing it', async () => {
    for (let i = 0; i < 16; i++) await get('/h', { 'Accept-Language': `l${i}` });
    const newcomer = await get('/h', { 'Accept-Language': 'l16' });
    expect(newcomer.replay).toBeNull();
    expect((await get('/h', { 'Accept-Language': 'l16' })).replay).toBe('1');
    // The least recently stored went.
    expect((await get('/h', { 'Accept-Language': 'l0' })).replay).toBeNull();
  });

  it('the last good copy is never another variant: a router payload or another language is not the page', async () => {
    const page = await get('/k', { 'Accept-Language': 'en' });
    cache.purge();
    const same = cache.findStale({ url: '/k', headers: { 'accept-language': 'en' } } as http.IncomingMessage);
    expect(same?.stored.body.toString()).toBe(page.text);
    expect(cache.findStale({ url: '/k', headers: { 'accept-language': 'ar' } } as http.IncomingMessage)).toBeUndefined();
    expect(
      cache.findStale({ url: '/k', headers: { 'accept-language': 'en', rsc: '1' } } as unknown as http.IncomingMessage),
    ).toBeUndefined();
  });
});
