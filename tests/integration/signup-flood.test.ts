import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_MAX_OVERALL, SIGNUP_MAX_PER_ADDRESS, SIGNUP_WINDOW_SECONDS } from '@/lib/auth/signup-throttle';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { registrationsWindow } from '@/lib/mail/notify';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { callFormAction, multipart, request, type RawResponse } from '../helpers/raw-http';
import { ownDatabase } from '../helpers/own-database';
import { TestSmtpServer } from '../helpers/smtp';
import { freePort, spawnServer, type SpawnedServer } from '../helpers/spawn-server';

// Issue 24, "Bounded under abuse": sign-up had no limit (1,000 accounts in 27.5 s, each an argon2
// hash and a mail to every Admin with the attacker's chosen name in its subject). Here 200
// sign-ups from 20 client addresses, through all three ways in (POST /api/register, the /SignUp
// and /ar/SignUp form action), against two production instances of this file's own on one
// database of its own (so the shared budget it spends is nobody else's; TRUST_PROXY_HOPS=0, so
// the socket's address counts and the forged X-Forwarded-For each request carries is ignored) and
// a real SMTP server.
// Expected: each address gets SIGNUP_MAX_PER_ADDRESS, all together SIGNUP_MAX_OVERALL, the rest a
// 429 that stores nothing; the Admins get one mail for the window, with a count and no name.

const ADDRESSES = Array.from({ length: 20 }, (_, i) => `127.0.0.${10 + i}`);
const PER_ADDRESS = 10; // 200 sign-ups in all
const PARALLEL = 10;
/** Short digest windows, so the test sees one end (production's is 15 minutes). */
const WINDOW_SECONDS = 30;
const FLOOD_DEADLINE_MS = 25_000;
const OLD_CLIENT = 'http://old-client.example';
const SITE = 'https://events.example';
const FROM = 'Events Test <no-reply@example.test>';
const PASSWORD = 'long enough pw';

const own = ownDatabase('signup_flood');
const smtp = new TestSmtpServer();
let uploads = '';
let server: SpawnedServer | undefined;
/** A second instance on the same database: the limits and the digest row are shared, not per process. */
let other: SpawnedServer | undefined;
let db: PrismaClient | undefined;
let adminEmail = '';

beforeAll(async () => {
  await own.create();
  db = new PrismaClient({ adapter: new PrismaPg({ connectionString: own.url, max: 2 }) });
  adminEmail = 'boss@example.test';
  await db.user.create({
    data: { name: 'Boss', email: adminEmail, passwordHash: await hash(randomBytes(12).toString('hex')), isAdmin: true, isMiniAdmin: true },
  });
  await smtp.start();
  uploads = mkdtempSync(path.join(os.tmpdir(), 'signup-flood-uploads-'));
  const env = {
    DATABASE_URL: own.url,
    UPLOADS_DIR: uploads,
    TRUST_PROXY_HOPS: '0',
    CORS_ORIGINS: OLD_CLIENT,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: FROM,
    REGISTRATION_DIGEST_SECONDS: String(WINDOW_SECONDS),
    LOG_LEVEL: 'warn',
    // One site behind both instances, as in production: the digest's link is the same from either.
    SITE_URL: SITE,
  };
  server = await spawnServer(env);
  other = await spawnServer(env, await freePort([server.port]));
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.kill('SIGTERM'), other?.kill('SIGTERM')]);
  await smtp.stop();
  await db?.$disconnect();
  await own.drop();
  if (uploads) rmSync(uploads, { recursive: true, force: true });
});

type Way = 'api' | 'en' | 'ar';
const WAYS: Way[] = ['api', 'en', 'ar'];

interface Attempt {
  /** Which instance it is sent to. */
  base: string;
  address: string;
  way: Way;
  name: string;
  email: string;
}

/** `created`, `refused` (429, tooManySignUps), or what else came back. */
function outcome(way: Way, res: RawResponse): string {
  if (way === 'api') {
    if (res.status === 201) return 'created';
    if (res.status === 429 && JSON.parse(res.text).message === en.errors.tooManySignUps) return 'refused';
    return `api ${res.status} ${res.text.slice(0, 120)}`;
  }
  if (res.status === 200 && res.text.includes('{"ok":true}')) return 'created';
  if (res.status === 200 && res.text.includes('"error":"tooManySignUps"') && res.text.includes('"status":429')) return 'refused';
  return `action ${res.status} ${res.text.slice(0, 120)}`;
}

// What the attack sent: a 100-character lure as the name, e-mails of its own.
let counter = 0;
function attempt(address: string, base = server!.base): Attempt {
  const n = ++counter;
  return {
    base,
    address,
    way: WAYS[n % 3]!,
    name: `Reset your password at http://evil.example/${n} `.padEnd(100, '!'),
    email: `flood-${process.pid}-${n}@example.test`,
  };
}

async function send(a: Attempt): Promise<string> {
  // Forged, and ignored with TRUST_PROXY_HOPS=0: only the socket's address counts.
  const forged = { 'X-Forwarded-For': `10.9.${counter % 250}.${Math.floor(Math.random() * 250)}` };
  if (a.way === 'api') {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: a.name, email: a.email, password: PASSWORD, password_confirmation: PASSWORD }))
      form.append(k, v);
    const { body, type } = await multipart(form);
    const res = await request(`${a.base}/api/register`, {
      method: 'POST',
      body,
      localAddress: a.address,
      headers: { Accept: 'application/json', 'Content-Type': type, Origin: OLD_CLIENT, ...forged },
    });
    return outcome('api', res);
  }
  const res = await callFormAction(
    'register',
    { name: a.name, email: a.email, password: PASSWORD, passwordConfirmation: PASSWORD, js: '1' },
    { base: a.base, page: a.way === 'ar' ? '/ar/SignUp' : '/SignUp', localAddress: a.address, headers: forged },
  );
  return outcome(a.way, res);
}

function tally(results: string[]) {
  const counts: Record<string, number> = {};
  for (const r of results) counts[r] = (counts[r] ?? 0) + 1;
  return counts;
}

/** Waits (at most one window) until a digest window has just begun; returns its number. */
async function windowBegins(): Promise<number> {
  const deadline = Date.now() + (WINDOW_SECONDS + 1) * 1000;
  while (Date.now() < deadline) {
    if ((Date.now() / 1000) % WINDOW_SECONDS < 0.5) return Math.floor(Date.now() / 1000 / WINDOW_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no digest window began');
}

describe('a sign-up flood', () => {
  it('200 sign-ups from 20 addresses: 5 per address, 20 in all, 180 refused with 429 that store nothing; one digest mail, no visitor text in it', async () => {
    // The limits this test's counts follow (lib/auth/signup-throttle.ts).
    expect([SIGNUP_MAX_PER_ADDRESS, SIGNUP_MAX_OVERALL, SIGNUP_WINDOW_SECONDS]).toEqual([5, 20, 3600]);
    const slot = await windowBegins();
    const started = Date.now();
    const attempts: Attempt[] = [];
    const results: string[] = [];

    // The first address alone, one after another: its own limit, seen in order.
    const first = Array.from({ length: PER_ADDRESS }, () => attempt(ADDRESSES[0]!));
    for (const a of first) {
      expect(Date.now() - started).toBeLessThan(FLOOD_DEADLINE_MS);
      attempts.push(a);
      results.push(await send(a));
    }
    expect(results).toEqual([...Array<string>(5).fill('created'), ...Array<string>(5).fill('refused')]);

    // The 19 others, interleaved, PARALLEL at a time, every other one to the second instance: the
    // shared limit takes the remaining 15, wherever they land.
    const rest: Attempt[] = [];
    for (let round = 0; round < PER_ADDRESS; round++)
      for (const address of ADDRESSES.slice(1)) rest.push(attempt(address, rest.length % 2 ? other!.base : server!.base));
    for (let i = 0; i < rest.length; i += PARALLEL) {
      expect(Date.now() - started).toBeLessThan(FLOOD_DEADLINE_MS);
      const batch = rest.slice(i, i + PARALLEL);
      attempts.push(...batch);
      results.push(...(await Promise.all(batch.map(send))));
    }
    const ms = Date.now() - started;
    const counts = tally(results);
    console.log(`[signup flood] ${attempts.length} sign-ups in ${ms} ms: ${JSON.stringify(counts)}`);
    expect(attempts).toHaveLength(200);
    expect(counts).toEqual({ created: 20, refused: 180 });
    expect(tally(results.slice(PER_ADDRESS))).toEqual({ created: 15, refused: 175 });
    for (const address of ADDRESSES) {
      const mine = results.filter((r, i) => attempts[i]!.address === address && r === 'created');
      expect(mine.length, address).toBeLessThanOrEqual(5);
    }
    // All three ways in and both instances were used, and each was refused somewhere.
    for (const way of WAYS) expect(results.filter((r, i) => attempts[i]!.way === way && r === 'refused').length, way).toBeGreaterThan(0);
    // The second instance took half of the 190; the first batch (10 addresses, 5 of them there)
    // all passed, so between 5 and 10 of its sign-ups were accepted, on the same shared count.
    const onOther = results.filter((_, i) => attempts[i]!.base === other!.base);
    expect(onOther).toHaveLength(95);
    const createdOnOther = onOther.filter((r) => r === 'created').length;
    expect(createdOnOther >= 5 && createdOnOther <= 10, String(createdOnOther)).toBe(true);

    // Exactly the accepted sign-ups are stored; a refused one left no account.
    const created = attempts.filter((_, i) => results[i] === 'created').map((a) => a.email);
    const refused = attempts.filter((_, i) => results[i] === 'refused').map((a) => a.email);
    expect(await db!.user.count({ where: { email: { in: created } } })).toBe(20);
    expect(await db!.user.count({ where: { email: { in: refused } } })).toBe(0);
    expect(await db!.user.count({ where: { isAdmin: false, isMiniAdmin: false } })).toBe(20);
    // The whole flood fits in one digest window (the test waited for one to begin).
    expect(Date.now()).toBeLessThan((slot + 1) * WINDOW_SECONDS * 1000);

    // One refusal looked at closely, from a new address (the shared budget is spent): the legacy
    // shape with CORS and Retry-After, in English and in Arabic.
    for (const [language, words] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ name: 'N', email: `late-${language}-${process.pid}@example.test`, password: PASSWORD }))
        form.append(k, v);
      form.append('password_confirmation', PASSWORD);
      const { body, type } = await multipart(form);
      const res = await request(`${server!.base}/api/register`, {
        method: 'POST',
        body,
        localAddress: '127.0.0.40',
        headers: { Accept: 'application/json', 'Content-Type': type, Origin: OLD_CLIENT, 'Accept-Language': language },
      });
      expect(res.status).toBe(429);
      expect(JSON.parse(res.text)).toEqual({ message: words.errors.tooManySignUps });
      expect(res.headers['access-control-allow-origin']).toBe(OLD_CLIENT);
      expect(res.headers['cache-control']).toBe('no-store');
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= SIGNUP_WINDOW_SECONDS, String(retryAfter)).toBe(true);
    }
    expect(await db!.user.count({ where: { isAdmin: false, isMiniAdmin: false } })).toBe(20);

    // The Admins: one mail, when the window ends, with the count and the link only.
    const { dedupeKey, dueAtEpochSeconds } = registrationsWindow(slot, WINDOW_SECONDS);
    const rows = await db!.mailOutbox.findMany({ select: { dedupeKey: true, kind: true } });
    expect(rows).toEqual([{ dedupeKey, kind: 'registrations' }]);
    const wait = dueAtEpochSeconds * 1000 - Date.now() + 15_000;
    const [mail] = await smtp.waitFor(() => true, { timeoutMs: wait });
    expect(mail!.at).toBeGreaterThanOrEqual(dueAtEpochSeconds * 1000);
    expect(mail!.rcptTo).toEqual([adminEmail]);
    expect(mail!.parsed.subject).toBe('People waiting for approval: 20 | أشخاص بانتظار الموافقة: 20');
    expect(mail!.parsed.text).toContain('\nWaiting for approval · بانتظار الموافقة: 20\n');
    expect(mail!.parsed.text).toContain(`\n${SITE}/Admin/Users\n${SITE}/ar/Admin/Users\n`);
    for (const part of [mail!.parsed.subject!, mail!.parsed.text!, String(mail!.parsed.html)]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('flood-');
    }
    // And no second one: a worker tick (5 s) after it, still exactly one mail in all.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(smtp.received).toHaveLength(1);
    expect((await db!.mailOutbox.findUniqueOrThrow({ where: { dedupeKey } })).sentAt).not.toBeNull();
  }, 150_000);
});
