import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshIp } from '../helpers/api';
import { callFormAction, cookieOf, request } from '../helpers/raw-http';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';

// Issue 16, finding 4: five wrong passwords from anywhere used to lock the Admin out for 15
// minutes, and rotating X-Forwarded-For got around the per-address limit. Now an attacker
// hammering the account from everywhere spends only the budget that unknown clients share; the
// Admin's browser (device cookie) and the Admin's address for the cookie-less /api client keep
// their own. Both on the shared test server (TRUST_PROXY_HOPS=1, as behind one proxy) and on a
// second instance with TRUST_PROXY_HOPS=0, where only the socket's address counts.

const DEVICE = 'sevenstars-device';
const ATTEMPTS = 200;
const PARALLEL = 10;

/** "ok", or the action's error code. */
const outcome = (text: string) =>
  /"ok":true/.test(text) ? 'ok' : (/"error":"(\w+)"/.exec(text)?.[1] ?? `unparsed: ${text.slice(0, 120)}`);

function tally(results: string[]) {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
  return counts;
}

/** Runs `attempt(i)` for i < ATTEMPTS, PARALLEL at a time (a burst must not buy extra guesses). */
async function hammer(attempt: (i: number) => Promise<string>) {
  const results: string[] = [];
  const started = performance.now();
  for (let i = 0; i < ATTEMPTS; i += PARALLEL) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(PARALLEL, ATTEMPTS - i) }, (_, k) => attempt(i + k)))));
  }
  return { counts: tally(results), ms: Math.round(performance.now() - started) };
}

const apiOutcome = (status: number) =>
  ({ 200: 'ok', 401: 'invalidCredentials', 403: 'awaitingApproval', 429: 'tooManyRequests' })[status] ?? `status ${status}`;

afterAll(() => testDb.$disconnect());

describe('the shared server (TRUST_PROXY_HOPS=1): rotating addresses and forwarded-for values', () => {
  it(
    '200 wrong passwords for the Admin leave the Admin able to sign in from a client that signed in before',
    { timeout: 120_000 },
    async () => {
      const admin = await makeUser('admin');
      const ownerApiIp = freshIp();
      // Before the attack: the Admin uses the old client once, and a browser once.
      expect((await call('/api/login', { form: { email: admin.email, password: PASSWORD }, ip: ownerApiIp })).status).toBe(200);
      const first = await callFormAction(
        'login',
        { email: admin.email, password: PASSWORD, js: '1' },
        { headers: { 'X-Forwarded-For': freshIp() } },
      );
      expect(outcome(first.text)).toBe('ok');
      const device = cookieOf(first.setCookie, DEVICE);
      expect(device).toMatch(/^sevenstars-device=[\w-]{22}\.[\w-]{22}\.[\w-]{43}$/);
      expect(first.setCookie.find((c) => c.startsWith(`${DEVICE}=`))).toMatch(/HttpOnly/i);
      expect(first.setCookie.find((c) => c.startsWith(`${DEVICE}=`))).toMatch(/SameSite=Lax/i);

      // The attack: every request from a new address; half of them put the Admin's own address
      // further left in X-Forwarded-For, some carry a device cookie with a forged signature.
      const forged = device!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      const { counts, ms } = await hammer(async (i) => {
        const ip = freshIp();
        const forwarded = i % 2 ? `${ownerApiIp}, ${ip}` : ip;
        if (i % 4 < 2) {
          const res = await call('/api/login', {
            form: { email: admin.email, password: `guess-${i}` },
            headers: { 'X-Forwarded-For': forwarded },
          });
          return apiOutcome(res.status);
        }
        const res = await callFormAction(
          'login',
          { email: admin.email, password: `guess-${i}`, js: '1' },
          { headers: { 'X-Forwarded-For': forwarded }, cookie: i % 8 === 3 ? forged : undefined },
        );
        return outcome(res.text);
      });
      console.log(`[lockout hops=1] ${ATTEMPTS} wrong passwords in ${ms} ms:`, counts);
      // Exactly the shared budget was tried against the password; everything else was refused unseen.
      expect(counts).toEqual({ invalidCredentials: 5, tooManyRequests: ATTEMPTS - 5 });

      // An unknown client with the right password is refused too: the shared budget really is spent.
      expect((await call('/api/login', { form: { email: admin.email, password: PASSWORD } })).status).toBe(429);
      // The Admin: the old client from the address it signed in from, and the browser from anywhere.
      const api = await call('/api/login', { form: { email: admin.email, password: PASSWORD }, ip: ownerApiIp });
      expect(api.status).toBe(200);
      expect(api.data.is_admin).toBe(1);
      const again = await callFormAction(
        'login',
        { email: admin.email, password: PASSWORD, js: '1' },
        { headers: { 'X-Forwarded-For': freshIp() }, cookie: device },
      );
      expect(outcome(again.text)).toBe('ok');
      expect(cookieOf(again.setCookie, 'authjs.session-token')).toBeTruthy();
      // The same browser keeps its nonce (its own budget carries on).
      expect(cookieOf(again.setCookie, DEVICE)).toBe(device);
    },
  );

  it(
    "a browser that fails too often is locked out on its own; the account's other trusted clients are not",
    { timeout: 60_000 },
    async () => {
      const admin = await makeUser('admin');
      const ownerApiIp = freshIp();
      expect((await call('/api/login', { form: { email: admin.email, password: PASSWORD }, ip: ownerApiIp })).status).toBe(200);
      const first = await callFormAction(
        'login',
        { email: admin.email, password: PASSWORD, js: '1' },
        { headers: { 'X-Forwarded-For': freshIp() } },
      );
      const device = cookieOf(first.setCookie, DEVICE)!;
      const results: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await callFormAction(
          'login',
          { email: admin.email, password: `wrong-${i}`, js: '1' },
          { headers: { 'X-Forwarded-For': freshIp() }, cookie: device },
        );
        results.push(outcome(res.text));
      }
      expect(results).toEqual([...Array(5).fill('invalidCredentials'), 'tooManyRequests', 'tooManyRequests']);
      const locked = await callFormAction(
        'login',
        { email: admin.email, password: PASSWORD, js: '1' },
        { headers: { 'X-Forwarded-For': freshIp() }, cookie: device },
      );
      expect(outcome(locked.text)).toBe('tooManyRequests');
      // Its failures were its own: the shared budget and the known address are untouched.
      expect((await call('/api/login', { form: { email: admin.email, password: PASSWORD }, ip: ownerApiIp })).status).toBe(200);
      expect((await call('/api/login', { form: { email: admin.email, password: PASSWORD } })).status).toBe(200);
    },
  );

  it('a device cookie names one account: it earns nothing for another', async () => {
    const [owner, other] = [await makeUser('admin'), await makeUser('admin')];
    const first = await callFormAction(
      'login',
      { email: owner.email, password: PASSWORD, js: '1' },
      { headers: { 'X-Forwarded-For': freshIp() } },
    );
    const device = cookieOf(first.setCookie, DEVICE)!;
    const results: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await callFormAction(
        'login',
        { email: other.email, password: `wrong-${i}`, js: '1' },
        { headers: { 'X-Forwarded-For': freshIp() }, cookie: device },
      );
      results.push(outcome(res.text));
    }
    // The shared budget of `other` (5), not a budget of this browser.
    expect(results).toEqual([...Array(5).fill('invalidCredentials'), 'tooManyRequests']);
  });

  it('an over-long email or forwarded-for value is a plain refusal, not a server error', async () => {
    const long = `${'a'.repeat(5000)}@example.test`;
    const forwarded = `${'9'.repeat(3000)}, ${'1.2.3.'.repeat(800)}`;
    // A malformed email checks no password, so it is refused before it keys anything (422).
    const malformed = await call('/api/login', { form: { email: long, password: 'x' }, headers: { 'X-Forwarded-For': forwarded } });
    expect(malformed.status).toBe(422);
    // A well-formed email with an over-long address is counted under a hashed key: a plain 401.
    const res = await call('/api/login', {
      form: { email: 'nobody-long-xff@example.test', password: 'x' },
      headers: { 'X-Forwarded-For': forwarded },
    });
    expect(res.status).toBe(401);
    const keys = await testDb.rateLimit.findMany({ select: { key: true } });
    expect(Math.max(...keys.map((k) => k.key.length))).toBe(43); // SHA-256, base64url
  });
});

/** A free port in 3141-3149 on 127.0.0.1. */
async function freePort(): Promise<number> {
  for (let port = 3141; port <= 3149; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3141-3149');
}

describe("a second instance with TRUST_PROXY_HOPS=0: only the socket's address counts", () => {
  let child: ChildProcess | undefined;
  let base = '';

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = { ...process.env, PORT: String(port), HOSTNAME: '127.0.0.1', TRUST_PROXY_HOPS: '0', SITE_URL: base };
    child = spawn(process.execPath, ['dist/server.mjs'], { env, stdio: 'ignore', detached: true });
    const deadline = Date.now() + 90_000;
    while (
      !(await fetch(`${base}/api/home`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('second server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 120_000);

  afterAll(() => {
    if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  });

  const form = (fields: Record<string, string>) => ({
    body: new TextEncoder().encode(new URLSearchParams(fields).toString()),
    type: 'application/x-www-form-urlencoded',
  });
  async function apiLogin(email: string, password: string, localAddress: string, headers: Record<string, string> = {}) {
    const { body, type } = form({ email, password });
    const res = await request(`${base}/api/login`, {
      method: 'POST',
      body,
      localAddress,
      headers: { 'Content-Type': type, Accept: 'application/json', ...headers },
    });
    return res.status;
  }

  it(
    "rotating X-Forwarded-For (or forging the server's own address header) changes nothing: 30 tries per address",
    { timeout: 60_000 },
    async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        statuses.push(
          await apiLogin(`${unique('n')}@example.test`, 'x', '127.0.0.60', {
            'X-Forwarded-For': freshIp(),
            'X-Sevenstars-Socket-Address': freshIp(),
          }),
        );
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(30);
      expect(statuses.slice(30)).toEqual([429, 429]);
      // Another source address is another caller.
      expect(await apiLogin(`${unique('n')}@example.test`, 'x', '127.0.0.61', { 'X-Forwarded-For': '127.0.0.60' })).toBe(401);
    },
  );

  it("200 wrong passwords from 127.0.0.2-50 posing as the Admin's address: the Admin still signs in", { timeout: 120_000 }, async () => {
    const admin = await makeUser('admin');
    // The Admin, from 127.0.0.1: the old client once, a browser once.
    expect(await apiLogin(admin.email, PASSWORD, '127.0.0.1')).toBe(200);
    const first = await callFormAction('login', { email: admin.email, password: PASSWORD, js: '1' }, { base, localAddress: '127.0.0.1' });
    expect(outcome(first.text)).toBe('ok');
    const device = cookieOf(first.setCookie, DEVICE)!;
    expect(device).toBeTruthy();

    const forge = { 'X-Forwarded-For': '127.0.0.1', 'X-Sevenstars-Socket-Address': '127.0.0.1' };
    const { counts, ms } = await hammer(async (i) => {
      const localAddress = `127.0.0.${2 + (i % 49)}`;
      if (i % 2) return apiOutcome(await apiLogin(admin.email, `guess-${i}`, localAddress, forge));
      const res = await callFormAction(
        'login',
        { email: admin.email, password: `guess-${i}`, js: '1' },
        { base, localAddress, headers: forge },
      );
      return outcome(res.text);
    });
    console.log(`[lockout hops=0] ${ATTEMPTS} wrong passwords from 49 addresses in ${ms} ms:`, counts);
    expect(counts).toEqual({ invalidCredentials: 5, tooManyRequests: ATTEMPTS - 5 });

    // A new address without the cookie is an unknown client: refused, the budget is spent.
    expect(await apiLogin(admin.email, PASSWORD, '127.0.0.52')).toBe(429);
    // The Admin's old client from the Admin's address, and the Admin's browser from a new address.
    expect(await apiLogin(admin.email, PASSWORD, '127.0.0.1')).toBe(200);
    const again = await callFormAction(
      'login',
      { email: admin.email, password: PASSWORD, js: '1' },
      { base, localAddress: '127.0.0.51', cookie: device },
    );
    expect(outcome(again.text)).toBe('ok');
  });
});
