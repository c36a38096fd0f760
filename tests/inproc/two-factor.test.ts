import { afterAll, describe, expect, it } from 'vitest';
import { backOfficeOpens } from '#test-transport';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { invoke, sessionCookie } from '../helpers/actions';
import { codeAt, codeStep, cookieNamed, enrol, form, passwordStep, RECOVERY } from '../helpers/two-factor';
import { call } from '../helpers/api';
import { makeUser, PASSWORD, testDb } from '../helpers/db';

// Issue 26, item 4: two-factor sign-in, in-process: the account page's actions, the two sign-in
// steps and /api/login called as functions on this file's own database. Codes are computed here
// from the key the account page shows (what it reads to show it: `twoFactorStatus`), as an
// authenticator app would from the QR code. The pages themselves (the key and QR code in the
// account page's HTML, the code page without its step, the Users screen's reset button) are in
// tests/integration/two-factor.test.ts.

afterAll(() => testDb.$disconnect());

describe('two-factor sign-in', () => {
  it('enrols with a code from the key shown; signs in with a code, once; with a recovery code, once (domain half)', async () => {
    const user = await makeUser('mini');
    const { key, codes } = await enrol(user.email);
    const row = await testDb.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.twoFactorEnabledAt).not.toBeNull();
    // Stored encrypted, never the key itself; recovery codes only as hashes.
    expect(row.twoFactorSecret).not.toContain(key);
    const stored = await testDb.recoveryCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((s) => s.codeHash).join()).not.toContain(code);

    // The password alone opens nothing; the code does.
    const step = await passwordStep(user.email);
    const code = await codeAt(key, 30);
    const signedIn = await codeStep(step, code);
    expect(signedIn.result).toEqual({ ok: true, next: '/Admin' });
    const session = cookieNamed(signedIn.setCookie, 'authjs.session-token');
    expect(session).toBeTruthy();
    expect(await backOfficeOpens(session!)).toBe(true);
    // The second step was used up with it, and the same code does not work again.
    expect((await codeStep(step, code)).result).toEqual({ ok: false, error: 'signInExpired' });
    // Issue 35, item 6: the app may still show it; the refusal says it was just used rather than wrong.
    expect((await codeStep(await passwordStep(user.email), code)).result).toEqual({ ok: false, error: 'codeReused' });

    // A recovery code (typed in lower case, without its dash) works once.
    const recovery = codes[0]!;
    const byRecovery = await codeStep(await passwordStep(user.email), recovery.replace('-', '').toLowerCase());
    expect(byRecovery.result).toEqual({ ok: true, next: '/Admin' });
    expect(cookieNamed(byRecovery.setCookie, 'authjs.session-token')).toBeTruthy();
    expect((await codeStep(await passwordStep(user.email), recovery)).result).toEqual({ ok: false, error: 'invalidCode' });
    expect(await testDb.recoveryCode.count({ where: { userId: user.id, usedAt: { not: null } } })).toBe(1);
    // The code page without its step is the HTTP tier's (tests/integration/two-factor.test.ts, the page half).
  });

  it('a code already used in its 30 s window: refused as "just used" (no session, logged); /api/login keeps invalidCode', async () => {
    const user = await makeUser('admin');
    const { key } = await enrol(user.email);
    const used = await codeAt(key, 30);
    expect((await codeStep(await passwordStep(user.email), used)).result).toEqual({ ok: true, next: '/Admin' });
    const lastStep = (await testDb.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorLastStep;

    const again = await codeStep(await passwordStep(user.email), used);
    expect(again.result).toEqual({ ok: false, error: 'codeReused' });
    expect(cookieNamed(again.setCookie, 'authjs.session-token')).toBeUndefined();
    // A wrong code is still "wrong", not "just used"; neither moves the step used.
    expect((await codeStep(await passwordStep(user.email), await codeAt(key, -3600))).result).toEqual({
      ok: false,
      error: 'invalidCode',
    });
    expect((await testDb.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorLastStep).toBe(lastStep);
    // Logged as refused codes, each with its reason.
    const refused = await testDb.activityLog.findMany({ where: { kind: 'signInCodeRefused', entityId: user.id }, orderBy: { id: 'asc' } });
    expect(refused.map(({ detail }) => detail)).toEqual([`codeReused ${user.email}`, `invalidCode ${user.email}`]);

    // The old client's /api/login has one word for a refused code, as its contract says.
    const api = await call('/api/login', { form: { email: user.email, password: PASSWORD, code: used } });
    expect(api.status).toBe(401);
    expect(api.data).toEqual({ message: en.errors.invalidCode, two_factor_required: true });
    expect(ar.errors.codeReused).not.toBe(ar.errors.invalidCode);
  });

  it('wrong codes are throttled like wrong passwords: the same words past the limit, even for the right code', async () => {
    const user = await makeUser('mini');
    const { key } = await enrol(user.email);
    const step = await passwordStep(user.email);
    const answers: unknown[] = [];
    for (let i = 0; i < 7; i++) answers.push((await codeStep(step, await codeAt(key, -3600 - 30 * i))).result);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill({ ok: false, error: 'invalidCode' }));
    expect(answers.slice(5)).toEqual(Array(2).fill({ ok: false, error: 'tooManyRequests' }));
    expect((await codeStep(step, await codeAt(key, 30))).result).toEqual({ ok: false, error: 'tooManyRequests' });
    // Something that is no code at all is refused before it is counted (and costs nothing).
    expect((await codeStep(step, 'x'.repeat(5000))).result).toEqual({ ok: false, error: 'invalidCode' });
    // The password budget is its own: the password step still answers.
    await passwordStep(user.email);
  });

  it('/api/login: accounts without two-factor as before; with it, a clear 401 without `code`, a token with one', async () => {
    const plain = await makeUser('mini');
    const before = await call('/api/login', { form: { email: plain.email, password: PASSWORD } });
    expect(before.status).toBe(200);
    expect(Object.keys(before.data).sort()).toEqual(['is_admin', 'mine_admin', 'token', 'user']);

    const user = await makeUser('admin');
    const { key, codes } = await enrol(user.email);
    const without = await call('/api/login', { form: { email: user.email, password: PASSWORD } });
    expect(without.status).toBe(401);
    expect(without.data).toEqual({ message: en.errors.twoFactorRequired, two_factor_required: true });
    const arabic = await call('/api/login', { form: { email: user.email, password: PASSWORD }, headers: { 'Accept-Language': 'ar' } });
    expect(arabic.data.message).toBe(ar.errors.twoFactorRequired);
    const wrong = await call('/api/login', { form: { email: user.email, password: PASSWORD, code: await codeAt(key, -3600) } });
    expect(wrong.status).toBe(401);
    expect(wrong.data).toEqual({ message: en.errors.invalidCode, two_factor_required: true });
    // A wrong password with a right code is still a wrong password.
    expect((await call('/api/login', { form: { email: user.email, password: 'nope', code: codes[1]! } })).status).toBe(401);
    const ok = await call('/api/login', { form: { email: user.email, password: PASSWORD, code: codes[1]! } });
    expect(ok.status).toBe(200);
    expect(ok.data.token).toMatch(/^\d+\|/);
    expect(ok.data.is_admin).toBe(1);
  });

  it('an Admin resets it (a Mini Admin cannot): off, and that person is signed out everywhere (domain half)', async () => {
    const user = await makeUser('mini');
    const { cookie } = await enrol(user.email);
    expect(await backOfficeOpens(cookie)).toBe(true);
    const mini = await makeUser('mini');
    const refused = await invoke(
      'resetTwoFactor',
      [null, form({ userId: String(user.id) })],
      await sessionCookie(mini.email),
      '/Admin/Users',
    );
    expect(refused.result).toEqual({ ok: false, error: 'forbidden' });
    expect((await testDb.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabledAt).not.toBeNull();

    const admin = await makeUser('admin');
    const adminCookie = await sessionCookie(admin.email);
    // The Users screen's reset button is the HTTP tier's (tests/integration/two-factor.test.ts, the page half).
    const reset = await invoke('resetTwoFactor', [null, form({ userId: String(user.id) })], adminCookie, '/Admin/Users');
    expect(reset.result).toEqual({ ok: true });
    const row = await testDb.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row).toMatchObject({ twoFactorEnabledAt: null, twoFactorSecret: null });
    expect(await testDb.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await backOfficeOpens(cookie)).toBe(false);
    expect(await testDb.apiToken.count({ where: { userId: user.id } })).toBe(0);
    // The password alone signs in again.
    expect(await backOfficeOpens(await sessionCookie(user.email))).toBe(true);
    expect((await invoke('resetTwoFactor', [null, form({ userId: '999999999' })], adminCookie, '/Admin/Users')).result).toEqual({
      ok: false,
      error: 'notFound',
    });
  });

  it('turning it off takes a current code or the password', async () => {
    const user = await makeUser('mini');
    const { cookie } = await enrol(user.email);
    const wrong = await invoke('turnOffTwoFactor', [null, form({ proof: 'not my password' })], cookie, '/Admin/Account');
    expect(wrong.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { proof: ['wrongProof'] } });
    const ok = await invoke('turnOffTwoFactor', [null, form({ proof: PASSWORD })], cookie, '/Admin/Account');
    expect(ok.result).toEqual({ ok: true });
    expect((await testDb.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabledAt).toBeNull();
    expect(await backOfficeOpens(cookie)).toBe(true);
  });

  it('new recovery codes take a proof; the old ones stop working, the new ones sign in once; logged', async () => {
    const user = await makeUser('mini');
    const { key, codes, cookie } = await enrol(user.email);
    const wrong = await invoke('renewTwoFactorCodes', [null, form({ proof: 'not my password' })], cookie, '/Admin/Account');
    expect(wrong.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { proof: ['wrongProof'] } });
    const renewed = await invoke('renewTwoFactorCodes', [null, form({ proof: await codeAt(key, 30) })], cookie, '/Admin/Account');
    const fresh = [...new Set(renewed.text.match(RECOVERY) ?? [])];
    expect(renewed.result).toEqual({ ok: true, recoveryCodes: fresh });
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    expect(await testDb.recoveryCode.count({ where: { userId: user.id } })).toBe(10);
    // An old code no longer signs in; a new one does.
    expect((await codeStep(await passwordStep(user.email), codes[1]!)).result).toEqual({ ok: false, error: 'invalidCode' });
    expect((await codeStep(await passwordStep(user.email), fresh[0]!)).result).toEqual({ ok: true, next: '/Admin' });
    const entries = await testDb.activityLog.findMany({ where: { entityId: user.id, kind: 'recoveryCodesRenewed' } });
    expect(entries).toHaveLength(1);
    // Without two-factor there is nothing to renew.
    const other = await makeUser('mini');
    const refused = await invoke(
      'renewTwoFactorCodes',
      [null, form({ proof: PASSWORD })],
      await sessionCookie(other.email),
      '/Admin/Account',
    );
    expect(refused.result).toEqual({ ok: false, error: 'twoFactorOff' });
  });
});
