import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { call, freshIp, login, userWithToken } from '../helpers/api';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';
import en from '@/messages/en.json';

// The old client's sign-in, in-process (the /api route handlers called directly): its tokens
// (Sanctum's format, only the secret's SHA-256 stored, refused when wrong, revoked at logout, dead
// for a demoted or deleted user, last_used_at written at most every five minutes, expiry), login
// (one answer and similar time for an unknown email and a wrong password, case-insensitive email,
// the per-account and per-address limits, the address read from X-Forwarded-For with
// TRUST_PROXY_HOPS=1 as on the test server) and registration (always pending, validated). The
// database is this file's own: nothing is put back. Nothing here needs the server: the same routes
// over HTTP (behind the proxy's body limits, with the socket's address) are the HTTP tier's
// (authorization-matrix, hostile-input, body-limits, sign-in-lockout).

afterAll(() => testDb.$disconnect());

describe('tokens', () => {
  it('have the Sanctum format {id}|{40 chars}{crc32b}, and only the SHA-256 of the secret is stored', async () => {
    const user = await makeUser('admin');
    const res = await login(user.email);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ token: expect.any(String), is_admin: 1, mine_admin: 1 });
    const match = /^(\d+)\|([A-Za-z0-9]{40})([0-9a-f]{8})$/.exec(res.data.token);
    expect(match).not.toBeNull();
    const [, id, entropy, checksum] = match!;
    expect((crc32(entropy!) >>> 0).toString(16).padStart(8, '0')).toBe(checksum);
    const row = await testDb.apiToken.findUniqueOrThrow({ where: { id: Number(id) } });
    expect(row.userId).toBe(user.id);
    expect(row.tokenHash).toBe(createHash('sha256').update(`${entropy}${checksum}`).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(entropy);
  });

  it('a token with a wrong secret, a wrong id or a bad shape is refused', async () => {
    const { token } = await userWithToken('admin');
    const [id, secret] = token!.split('|');
    for (const bad of [`${id}|${secret!.slice(0, -1)}x`, `${Number(id) + 100000}|${secret}`, secret!, 'null', 'undefined', '']) {
      expect((await call('/api/team', { token: bad })).status).toBe(401);
    }
    expect((await call('/api/team', { token })).status).toBe(200);
  });

  it('logout revokes the token', async () => {
    const { token } = await userWithToken('mini');
    expect((await call('/api/team', { token })).status).toBe(200);
    const out = await call('/api/logout', { token, json: {} });
    expect(out.status).toBe(200);
    expect((await call('/api/team', { token })).status).toBe(401);
    expect(await testDb.apiToken.findUnique({ where: { id: Number(token!.split('|')[0]) } })).toBeNull();
    // Logging out again (or with no token) still lets the old client recover.
    expect((await call('/api/logout', { token, json: {} })).status).toBe(200);
  });

  it('a demoted user fails on the very next call; a deleted user too', async () => {
    const { user, token } = await userWithToken('mini');
    expect((await call('/api/event', { token })).status).toBe(200);
    const { token: adminToken } = await userWithToken('admin');
    const demote = await call(`/api/user/${user!.id}`, { token: adminToken, form: { is_admin: '0', mine_admin: '0', _method: 'PUT' } });
    expect(demote.status).toBe(200);
    expect((await call('/api/event', { token })).status).toBe(401);
    expect(await testDb.apiToken.count({ where: { userId: user!.id } })).toBe(0);

    const second = await userWithToken('admin');
    expect((await call('/api/user', { token: second.token })).status).toBe(200);
    // Admin -> Mini Admin: the token still works for content, not for users.
    await call(`/api/user/${second.user!.id}`, { token: adminToken, form: { is_admin: '0', mine_admin: '1', _method: 'PUT' } });
    expect((await call('/api/user', { token: second.token })).status).toBe(403);
    expect((await call('/api/team', { token: second.token })).status).toBe(200);
    await call(`/api/user/${second.user!.id}`, { token: adminToken, method: 'DELETE' });
    expect((await call('/api/team', { token: second.token })).status).toBe(401);
  });

  it('a bearer call writes last_used_at once, not again within five minutes, and again once it is older', async () => {
    const { token } = await userWithToken('mini');
    const id = Number(token!.split('|')[0]);
    const lastUsed = async () => (await testDb.apiToken.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    expect(await lastUsed()).toBeNull();

    const before = Date.now();
    expect((await call('/api/team', { token })).status).toBe(200);
    const after = Date.now();
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect(first!.getTime()).toBeGreaterThanOrEqual(before);
    expect(first!.getTime()).toBeLessThanOrEqual(after);

    expect((await call('/api/team', { token })).status).toBe(200);
    expect(await lastUsed()).toEqual(first);

    // Six minutes old: the next call writes it again.
    const stale = new Date(Date.now() - 6 * 60_000);
    await testDb.apiToken.update({ where: { id }, data: { lastUsedAt: stale } });
    const beforeStale = Date.now();
    expect((await call('/api/team', { token })).status).toBe(200);
    const third = await lastUsed();
    expect(third!.getTime()).toBeGreaterThanOrEqual(beforeStale);
    expect(third!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('expires tokens past expires_at', async () => {
    const { token } = await userWithToken('admin');
    await testDb.apiToken.update({ where: { id: Number(token!.split('|')[0]) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call('/api/team', { token })).status).toBe(401);
  });
});

describe('login', () => {
  it('gives the same answer for an unknown email and a wrong password, in similar time', async () => {
    const user = await makeUser('admin');
    const timings: Record<string, number[]> = { unknown: [], wrong: [] };
    let unknownRes, wrongRes;
    for (let i = 0; i < 3; i++) {
      let t = performance.now();
      unknownRes = await login(`${unique('nobody')}@example.test`, 'whatever-password');
      timings.unknown!.push(performance.now() - t);
      t = performance.now();
      wrongRes = await call('/api/login', { form: { email: user.email, password: `wrong-${i}` } });
      timings.wrong!.push(performance.now() - t);
    }
    expect(unknownRes!.status).toBe(401);
    expect(wrongRes!.status).toBe(401);
    expect(unknownRes!.data).toEqual(wrongRes!.data);
    expect(wrongRes!.data).toEqual({ message: en.errors.invalidCredentials });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    const [a, b] = [median(timings.unknown!), median(timings.wrong!)];
    // Both verify an argon2id hash; without the dummy hash the unknown email would be ~10x faster.
    expect(Math.min(a, b) / Math.max(a, b)).toBeGreaterThan(0.4);
  });

  it('email is case-insensitive', async () => {
    const user = await makeUser('mini');
    expect((await login(user.email.toUpperCase())).status).toBe(200);
  });

  it('rate-limits per account, whatever the IP', async () => {
    const user = await makeUser('mini');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await call('/api/login', { form: { email: user.email, password: 'nope' }, ip: freshIp() })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password is refused while the account is locked.
    expect((await call('/api/login', { form: { email: user.email, password: PASSWORD }, ip: freshIp() })).status).toBe(429);
  });

  it('rate-limits per IP, whatever the account', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await call('/api/login', { form: { email: `${unique('n')}@example.test`, password: 'x' }, ip })).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
    // Another caller is not locked out with it.
    const other = await makeUser('mini');
    expect((await call('/api/login', { form: { email: other.email, password: PASSWORD }, ip: freshIp() })).status).toBe(200);
  });
});

describe('register and approval', () => {
  it('always creates a pending user with no token; that user gets 403 awaiting approval at login', async () => {
    const email = `${unique('new')}@example.test`;
    const res = await call('/api/register', {
      form: {
        name: 'New Person',
        email,
        password: 'long enough pw',
        password_confirmation: 'long enough pw',
        is_admin: '1',
        mine_admin: '1',
      },
    });
    expect(res.status).toBe(201);
    expect(res.data.token).toBeUndefined();
    const row = await testDb.user.findUniqueOrThrow({ where: { email } });
    expect(row).toMatchObject({ isAdmin: false, isMiniAdmin: false, name: 'New Person' });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const denied = await login(email, 'long enough pw');
    expect(denied.status).toBe(403);
    expect(denied.data.token).toBeUndefined();
    expect(denied.data.message).toBe(en.errors.awaitingApproval);

    const again = await call('/api/register', {
      form: { name: 'Dup', email: email.toUpperCase(), password: 'long enough pw', password_confirmation: 'long enough pw' },
    });
    expect(again.status).toBe(422);
    expect(again.data).toEqual({ message: en.errors.invalid, errors: { email: [en.validation.emailTaken] } });
  });

  it('validates registration input', async () => {
    const res = await call('/api/register', {
      form: { name: '', email: 'not-an-email', password: 'short', password_confirmation: 'other' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.data.errors).sort()).toEqual(['email', 'name', 'password', 'password_confirmation']);
    expect(res.data).toEqual({
      message: en.errors.invalid,
      errors: {
        name: [en.validation.required],
        email: [en.validation.invalidEmail],
        password: ['The password must be at least 8 characters.'],
        password_confirmation: [en.validation.passwordMismatch],
      },
    });
    // An empty password is missing, not short.
    const empty = await call('/api/register', {
      form: { name: 'N', email: 'empty-pw@example.test', password: '', password_confirmation: '' },
    });
    expect(empty.status).toBe(422);
    expect(empty.data.errors.password).toEqual(['This field is required.']);
  });
});

// The last Admin's protection: tests/inproc/last-admin.test.ts and tests/integration/last-admin.test.ts.
