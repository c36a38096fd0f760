import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import {
  BODY_IDLE_MS,
  HEADERS_TIMEOUT_MS,
  LARGE_BODY_BYTES,
  LARGE_BODY_RETRY_SECONDS,
  MAX_LARGE_BODIES,
  SMALL_BODY_LIMIT,
  TIMEOUT_CHECK_MS,
} from '@/lib/http/upload-limits';
import { PROJECT_SEARCH_PATH, SEARCH_BURST, SEARCH_PER_SECOND } from '@/lib/search';
import { itemCall, screenOf, sessionCookie } from '../helpers/actions';
import { ACTIONS, actionResult, encode, INQUIRY_ACTIONS } from '../helpers/transport-http';
import { freshIp } from '../helpers/api';
import { makeUser } from '../helpers/db';
import { treeCpuSeconds, treeRss } from '../helpers/process-tree';
import { spawnMeasuredServer, type SpawnedServer } from '../helpers/spawn-server';

// Bounded under abuse (issue 24): the public pages' posts take 64 KB, large bodies are received
// a few at a time, stalled clients are dropped, and a page's copy for a URL nobody asks for twice
// costs no best-quality brotli. Our own server instance, so that its memory and CPU time (the
// process and anything under it, from /proc) can be read, and so that the large-body places are
// this file's alone.

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: SpawnedServer;
/**
 * A Mini-admin's session: since issue 34 only a signed-in person's post to the back office may be
 * large (an anonymous one is held to SMALL_BODY_LIMIT; tests/integration/anonymous-bodies.test.ts).
 */
let cookie = '';
beforeAll(async () => {
  server = await spawnMeasuredServer({ LOG_LEVEL: 'warn' });
  cookie = await sessionCookie((await makeUser('mini')).email, server.base);
});
afterAll(async () => {
  await server?.kill();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An action call's headers, as the page's form sends them. */
const actionHeaders = (id: string, page: string) => ({
  'Next-Action': id,
  Accept: 'text/x-component',
  Origin: server.base,
  Referer: `${server.base}${page}`,
  'Content-Type': 'text/plain;charset=UTF-8',
  'X-Forwarded-For': freshIp(),
});
/** The same, signed in (a back-office post that may be large). */
const signedInHeaders = (id: string, page: string) => ({ ...actionHeaders(id, page), Cookie: cookie });

/** One POST with the whole body, on a connection of its own (chunked when no Content-Length is given). */
function post(route: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${server.base}${route}`, { method: 'POST', headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`no answer from ${route}`)));
    if (headers['Content-Length'] === undefined) {
      // Chunked, in 64 KB pieces.
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
      req.end();
    } else {
      req.end(body);
    }
  });
}

/**
 * A sender that declares `declared` bytes, sends 64 KB, then (if no answer came within a second,
 * as a browser stops an upload the server has answered) up to `first` of them at once, then one
 * byte every `dripMs` (a slow client), until stopped. `answer()`: the server's answer, if any.
 */
function slowSender(route: string, headers: Record<string, string>, declared: number, first: number, dripMs = 5_000) {
  const req = http.request(`${server.base}${route}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Length': String(declared) },
    agent: false,
  });
  let answered: Answer | null = null;
  req.on('response', (res) => {
    answered = { status: res.statusCode!, headers: res.headers, body: '' };
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => (answered = { status: res.statusCode!, headers: res.headers, body: text }));
    // An answer before the body ended: the server drops the rest; so does this client.
    res.on('error', () => {});
  });
  // The server closes a refused connection after a while; nothing to report.
  req.on('error', () => {});
  const piece = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  const flushed = new Promise<void>((resolve) => {
    // Refused: the server drops the rest and closes the connection (then no 'drain' comes).
    req.once('response', () => resolve());
    req.once('close', () => resolve());
    let limit = 64 * 1024;
    const write = () => {
      while (sent < limit && !req.destroyed && !answered) {
        const part = piece.subarray(0, Math.min(piece.length, limit - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once('drain', write);
      }
      if (limit === first || answered) return resolve();
      limit = first;
      setTimeout(write, 1_000);
    };
    write();
  });
  const drip = setInterval(() => {
    if (!req.destroyed && !answered && sent < declared) {
      sent += 1;
      req.write('a');
    }
  }, dripMs);
  return {
    flushed,
    answer: () => answered as Answer | null,
    stop() {
      clearInterval(drip);
      req.destroy();
    },
  };
}

/**
 * A back-office save with an image just over LARGE_BODY_BYTES, as the form sends it (multipart,
 * declared length), signed in: the action refuses the image (not one) once it has the body.
 */
async function largeSave() {
  const form = new FormData();
  form.append('image', new Blob([Buffer.alloc(LARGE_BODY_BYTES + 64 * 1024, 1)], { type: 'image/png' }), 'large.png');
  const { body } = encode(itemCall('team', null, form));
  const res = await fetch(`${server.base}${OFFICE}`, {
    method: 'POST',
    headers: { 'Next-Action': saveItem, Accept: 'text/x-component', Origin: server.base, 'X-Forwarded-For': freshIp(), Cookie: cookie },
    body,
  });
  return { status: res.status, text: await res.text() };
}

const login = ACTIONS.login!;
const register = ACTIONS.register!;
const submitQuote = INQUIRY_ACTIONS.submitQuote!;
const saveItem = ACTIONS.saveItem!;
/** The back-office screen the item actions are posted through (a page that uses them: Next finds an action only there). */
const OFFICE = screenOf('saveItem');
const LIST = screenOf('deleteItem');

describe('posts to the public pages carry at most 64 KB', () => {
  it('100 KB to the sign-in, sign-up and quote pages (any language, any letter case, chunked too) is 413', async () => {
    const big = Buffer.alloc(100 * 1024, 'a');
    for (const [route, id, message] of [
      ['/LogIn', login, en.errors.payloadTooLarge],
      ['/ar/LogIn', login, ar.errors.payloadTooLarge],
      ['/SignUp', register, en.errors.payloadTooLarge],
      ['/ar/SignUp', register, ar.errors.payloadTooLarge],
      ['/ContactUs', submitQuote, en.errors.payloadTooLarge],
      ['/ar/contactus', submitQuote, ar.errors.payloadTooLarge],
      ['/login', login, en.errors.payloadTooLarge],
    ] as const) {
      const declared = await post(route, { ...actionHeaders(id, route), 'Content-Length': String(big.length) }, big);
      expect([route, declared.status]).toEqual([route, 413]);
      expect(JSON.parse(declared.body)).toEqual({ message });
      const chunked = await post(route, actionHeaders(id, route), big);
      expect([route, chunked.status]).toEqual([route, 413]);
      expect(JSON.parse(chunked.body)).toEqual({ message });
    }
    // A no-JavaScript form post (multipart, no Next-Action header) to any page but the back office.
    const form = await post(
      '/AboutUs',
      { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(big.length), 'X-Forwarded-For': freshIp() },
      big,
    );
    expect(form.status).toBe(413);
  });

  it('a body just under 64 KB reaches the action; the back office takes more than 64 KB', async () => {
    // Arguments Next decodes (a string where the form's data should be): the action refuses them itself.
    const under = Buffer.from(JSON.stringify([null, 'x'.repeat(SMALL_BODY_LIMIT - 1024)]));
    const signIn = await post('/LogIn', { ...actionHeaders(login, '/LogIn'), 'Content-Length': String(under.length) }, under);
    expect(signIn.status).toBe(200);
    expect(signIn.headers['content-type']).toBe('text/x-component');
    const over = Buffer.from(JSON.stringify([null, 'x'.repeat(200 * 1024)]));
    const office = await post(OFFICE, { ...signedInHeaders(saveItem, OFFICE), 'Content-Length': String(over.length) }, over);
    expect(office.status).toBe(200);
    expect(office.headers['content-type']).toBe('text/x-component');
    // Without a session, the back office takes 64 KB too (issue 34).
    const anonymous = await post(OFFICE, { ...actionHeaders(saveItem, OFFICE), 'Content-Length': String(over.length) }, over);
    expect([anonymous.status, JSON.parse(anonymous.body)]).toEqual([413, { message: en.errors.payloadTooLarge }]);
  });
});

describe(`at most ${MAX_LARGE_BODIES} large bodies at once`, () => {
  it('one more is refused with 503 and Retry-After, in the page’s language, /api as JSON; a place freed is taken again', async () => {
    const holders = Array.from({ length: MAX_LARGE_BODIES }, () => slowSender(OFFICE, signedInHeaders(saveItem, OFFICE), 11 * MB, 2 * MB));
    try {
      await Promise.all(holders.map((h) => h.flushed));
      // Every holder's 2 MB went out: the server has read their headers and taken their places.
      await sleep(300);
      const body = Buffer.alloc(LARGE_BODY_BYTES + 1, 'a');
      const declared = { 'Content-Length': String(body.length) };

      const page = await post(OFFICE, { ...signedInHeaders(saveItem, OFFICE), ...declared }, body);
      expect(page.status).toBe(503);
      expect(page.headers['retry-after']).toBe(String(LARGE_BODY_RETRY_SECONDS));
      expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toBe(en.errors.busy);

      const arabic = await post('/ar/Admin', { ...signedInHeaders(saveItem, '/ar/Admin'), ...declared }, body);
      expect([arabic.status, arabic.body]).toEqual([503, ar.errors.busy]);

      // Counted as it arrives when no length is declared: refused once past LARGE_BODY_BYTES.
      const chunked = await post(OFFICE, signedInHeaders(saveItem, OFFICE), body);
      expect([chunked.status, chunked.body]).toEqual([503, en.errors.busy]);

      // The legacy API's bodies count too; its refusal has its shape: JSON with CORS.
      const api = await post(
        '/api/client',
        { 'Content-Type': 'multipart/form-data; boundary=x', Accept: 'application/json', 'X-Forwarded-For': freshIp(), ...declared },
        body,
      );
      expect(api.status).toBe(503);
      expect(api.headers['retry-after']).toBe(String(LARGE_BODY_RETRY_SECONDS));
      expect(api.headers['access-control-allow-origin']).toBe('*');
      expect(JSON.parse(api.body)).toEqual({ message: en.errors.busy });

      // Small bodies are not held up.
      const small = Buffer.from(JSON.stringify([null, 'x']));
      const ACTION_OK = 200;
      const smallAnswer = await post(LIST, { ...actionHeaders(ACTIONS.deleteItem!, LIST), 'Content-Length': String(small.length) }, small);
      expect(smallAnswer.status).toBe(ACTION_OK);
      expect(holders.map((h) => h.answer())).toEqual(holders.map(() => null));
    } finally {
      for (const holder of holders) holder.stop();
    }
    // Their places come back once their connections are gone.
    let after = { status: 0, text: '' };
    for (let i = 0; i < 20 && after.status !== 200; i++) {
      await sleep(100);
      after = await largeSave();
    }
    expect(after.status).toBe(200);
    // Answered by the action itself (the card's required fields, checked before its image), not refused before it.
    expect(await actionResult(after.text)).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { nameEn: ['required'], jobTitleEn: ['required'], detailsEn: ['required'] },
    });
  });

  it('100 slow senders of 11 MB action bodies: memory grows < 200 MB and is within 120 MB of where it began 30 s after', async () => {
    // Warm the path with a small burst of the same shape: the first one also loads and compiles
    // the code on it and grows the process's heap and allocator pools once, which a process that
    // has served for a while has done already (on one that had, the same burst kept +45-51 MB).
    expect((await largeSave()).status).toBe(200);
    const first = Array.from({ length: 10 }, () => slowSender(OFFICE, signedInHeaders(saveItem, OFFICE), 11 * MB, 10 * MB));
    await Promise.all(first.map((s) => s.flushed));
    for (const sender of first) sender.stop();
    await sleep(2_000);
    const base = treeRss(server.pid);
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRss(server.pid))), 100);
    const senders = Array.from({ length: 100 }, () => slowSender(OFFICE, signedInHeaders(saveItem, OFFICE), 11 * MB, 10 * MB));
    let during = 0;
    let pageDuring = 0;
    try {
      await Promise.all(senders.map((s) => s.flushed));
      // A visitor's page while the burst is on.
      pageDuring = (await fetch(`${server.base}/`, { headers: { 'X-Forwarded-For': freshIp() } })).status;
      await sleep(10_000);
      during = Math.max(peak, treeRss(server.pid));
    } finally {
      for (const sender of senders) sender.stop();
    }
    const answers = senders.map((s) => s.answer()?.status ?? 'none');
    await sleep(30_000);
    clearInterval(sampler);
    const after = treeRss(server.pid);
    console.log(
      `[abuse] 100 slow 11 MB senders: RSS ${(base / MB).toFixed(0)} MB -> peak ${(during / MB).toFixed(0)} MB (+${((during - base) / MB).toFixed(0)}), 30 s after ${(after / MB).toFixed(0)} MB (+${((after - base) / MB).toFixed(0)})`,
    );
    expect(pageDuring).toBe(200);
    // The places' holders got no answer (their bodies had not ended); every other sender a 503.
    expect(answers.filter((a) => a === 503)).toHaveLength(100 - MAX_LARGE_BODIES);
    expect(answers.filter((a) => a === 'none')).toHaveLength(MAX_LARGE_BODIES);
    // MAX_LARGE_BODIES bodies of 10 MB held at once, each also copied by Next chunk by chunk: ~80
    // MB; measured +115 to +121 MB. Before the cap this burst took +1,023 MB.
    expect(during - base).toBeLessThan(200 * MB);
    // Measured +59 to +92 MB here, +45 to +51 MB on a server that had served such bursts before:
    // not the JavaScript heap (the same before and after a forced GC) but memory the allocator
    // keeps for reuse once the bodies are freed; a later burst reuses it. Before the cap: +181 MB
    // (+835 MB on /SignUp), and the bodies were held until Node's 300 s request timeout.
    expect(after - base).toBeLessThan(120 * MB);
  }, 90_000);
});

describe('stalled clients are dropped', () => {
  it(`a body that sends nothing for ${BODY_IDLE_MS / 1000} s gets 408; headers unfinished after ${HEADERS_TIMEOUT_MS / 1000} s get 408`, async () => {
    const started = Date.now();
    const stalledBody = new Promise<{ status: string; at: number }>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve({ status: text.split('\r\n')[0] ?? '', at: Date.now() - started }));
      socket.on('error', () => {});
      socket.write(
        `POST /Admin HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nNext-Action: ${saveItem}\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: 1000\r\n\r\n["team",`,
      );
    });
    const stalledHeaders = new Promise<{ status: string; at: number }>((resolve) => {
      const socket = net.connect(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('close', () => resolve({ status: text.split('\r\n')[0] ?? '', at: Date.now() - started }));
      socket.on('error', () => {});
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`);
    });
    const [body, headers] = await Promise.all([stalledBody, stalledHeaders]);
    console.log(`[abuse] stalled body closed at ${body.at} ms (${body.status}), stalled headers at ${headers.at} ms (${headers.status})`);
    expect(body.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(body.at).toBeGreaterThanOrEqual(BODY_IDLE_MS);
    expect(body.at).toBeLessThan(BODY_IDLE_MS + 3_000);
    expect(headers.status).toBe('HTTP/1.1 408 Request Timeout');
    expect(headers.at).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS);
    // Node checks its timeouts every TIMEOUT_CHECK_MS.
    expect(headers.at).toBeLessThan(HEADERS_TIMEOUT_MS + TIMEOUT_CHECK_MS + 2_000);
  }, 60_000);
});

describe('unknown query strings share the page’s kept copy', () => {
  it('200 unique query strings from a browser that takes brotli cost < 6 CPU-seconds, each answered from the one copy', async () => {
    const encodings = 'gzip, deflate, br';
    const tag = Date.now().toString(36);
    // Warm: the first renders of a process cost more (code loads and compiles).
    for (let i = 0; i < 5; i++)
      await (await fetch(`${server.base}/?warm=${tag}${i}`, { headers: { 'Accept-Encoding': encodings } })).arrayBuffer();
    await sleep(500);
    const before = treeCpuSeconds(server.pid);
    let next = 0;
    const answers: { status: number; replay: string | null; encoding: string | null; body: Buffer }[] = [];
    const worker = async () => {
      while (next < 200) {
        const n = next++;
        const res = await fetch(`${server.base}/?u=${tag}${n}`, { headers: { 'Accept-Encoding': encodings } });
        const body = Buffer.from(await res.arrayBuffer());
        answers.push({ status: res.status, replay: res.headers.get('x-page-replay'), encoding: res.headers.get('content-encoding'), body });
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    await sleep(2_000);
    const cpu = treeCpuSeconds(server.pid) - before;
    console.log(`[abuse] 200 unique query strings with '${encodings}': ${cpu.toFixed(2)} CPU-seconds`);
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 200 }, () => 200));
    // Measured 0.1 s: every answer is the page's copy (a page whose answer may be kept never
    // reads its query string). Issue 24 measured 24 s with one best-quality copy per URL.
    expect(cpu).toBeLessThan(6);
    expect(answers.filter((a) => a.replay !== '1')).toEqual([]);
    expect(new Set(answers.map((a) => a.body.toString('base64'))).size).toBe(1);
    expect(answers[0]!.encoding).toBe('br');
  }, 60_000);

  it('100 `/?_rsc=<random>` without the router’s header cost < 3x the CPU of 100 `/?r=<random>`: both the page’s copy', async () => {
    const tag = `${Date.now().toString(36)}x`;
    const flood = async (param: string) => {
      await sleep(500);
      const before = treeCpuSeconds(server.pid);
      const answers: { status: number; replay: string | null; type: string | null }[] = [];
      for (let i = 0; i < 100; i++) {
        const res = await fetch(`${server.base}/?${param}=${tag}${i}`, { headers: { 'Accept-Encoding': 'gzip' } });
        await res.arrayBuffer();
        answers.push({ status: res.status, replay: res.headers.get('x-page-replay'), type: res.headers.get('content-type') });
      }
      await sleep(1_000);
      return { cpu: treeCpuSeconds(server.pid) - before, answers };
    };
    // The page's copy exists first (kept by an earlier request or this one).
    await (await fetch(`${server.base}/`)).arrayBuffer();
    const plain = await flood('r');
    const rsc = await flood('_rsc');
    console.log(`[abuse] 100 /?r=: ${plain.cpu.toFixed(2)} CPU-seconds; 100 /?_rsc= without RSC: ${rsc.cpu.toFixed(2)}`);
    for (const { answers } of [plain, rsc]) {
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 100 }, () => 200));
      expect(answers.filter((a) => a.replay !== '1' || !a.type?.startsWith('text/html'))).toEqual([]);
    }
    // Issue 34 measured 51.8 ms per `_rsc` request (a full render each) against 1.1 ms per `r`. A floor of
    // 0.1 s for the comparison: two near-zero figures have no meaningful ratio.
    expect(rsc.cpu).toBeLessThan(3 * Math.max(plain.cpu, 0.1));
  }, 60_000);
});

describe(`searches no copy answers: ${SEARCH_BURST} at once per address, then ${SEARCH_PER_SECOND} a second`, () => {
  it('random queries past the budget get 429 in the page’s language, cheaply; another address and a kept answer are not held', async () => {
    const ip = freshIp();
    const tag = Date.now().toString(36);
    const get = (route: string, from = ip) => fetch(`${server.base}${route}`, { headers: { 'X-Forwarded-For': from } });
    // Home's live search first: its answer is kept, and asked again later from a copy.
    const kept = `${PROJECT_SEARCH_PATH}?locale=en&q=budget${tag}`;
    expect((await get(kept)).status).toBe(200);
    const started = performance.now();
    const statuses: number[] = [];
    for (let i = 0; i < SEARCH_BURST + 40; i++) {
      const res = await get(`/Projects?q=${tag}${i}`);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    const seconds = (performance.now() - started) / 1000;
    // The budget's first search was the live search's; the bucket refills while the burst renders.
    expect(statuses.slice(0, SEARCH_BURST - 1)).toEqual(Array.from({ length: SEARCH_BURST - 1 }, () => 200));
    const granted = statuses.filter((status) => status === 200).length;
    expect(granted).toBeLessThanOrEqual(SEARCH_BURST - 1 + Math.ceil(seconds * SEARCH_PER_SECOND) + 1);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);

    // Refused before Next: the text in the page's language, when to come back, nothing kept.
    const refusedEn = await get(`/Projects?q=${tag}en`);
    expect([refusedEn.status, refusedEn.headers.get('retry-after'), refusedEn.headers.get('cache-control')]).toEqual([
      429,
      '1',
      'no-store',
    ]);
    expect(await refusedEn.text()).toBe(en.errors.searchBusy);
    const refusedAr = await get(`/ar/Projects?service=x${tag}`);
    expect([refusedAr.status, await refusedAr.text()]).toEqual([429, ar.errors.searchBusy]);
    const refusedLive = await get(`${PROJECT_SEARCH_PATH}?locale=ar&q=other${tag}`);
    expect([refusedLive.status, await refusedLive.text()]).toEqual([429, ar.errors.searchBusy]);
    // The page itself, a kept answer and another address are not searches that cost.
    expect((await get('/Projects')).status).toBe(200);
    const replay = await get(kept);
    expect([replay.status, replay.headers.get('x-page-replay')]).toEqual([200, '1']);
    expect((await get(`/Projects?q=${tag}elsewhere`, freshIp())).status).toBe(200);

    // A flood past the budget costs next to nothing: 200 more random queries.
    await sleep(500);
    const before = treeCpuSeconds(server.pid);
    const flood: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await get(`/Projects?q=flood${tag}${i}`);
      await res.arrayBuffer();
      flood.push(res.status);
    }
    await sleep(1_000);
    const cpu = treeCpuSeconds(server.pid) - before;
    console.log(`[abuse] ${SEARCH_BURST + 40} random searches: ${granted} rendered; 200 more: ${cpu.toFixed(2)} CPU-seconds`);
    expect(flood.filter((status) => status === 429).length).toBeGreaterThan(150);
    expect(cpu).toBeLessThan(1.5);

    // The budget comes back with time.
    await sleep(1_100 / SEARCH_PER_SECOND);
    expect((await get(`/Projects?q=${tag}later`)).status).toBe(200);
  }, 120_000);
});
