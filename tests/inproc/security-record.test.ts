import { afterAll, describe, expect, it } from 'vitest';
import { listInvitations, openInvitation } from '@/lib/entities/user/invitations';
import { invoke, invokeWith, sessionCookie } from '../helpers/actions';
import { call, freshIp } from '../helpers/api';
import { makeUser, PASSWORD, testDb } from '../helpers/db';
import { codeAt, codeStep, enrol, form, passwordStep } from '../helpers/two-factor';
import {
  clearOfWindowEdge,
  inParallel,
  invitationToken,
  PER_ACCOUNT,
  PER_IP,
  signInsNamingNobody,
} from '../helpers/security-record-fixtures';

// Issue 34, item 1: the activity log as a security record, in-process (/api/login's route handler
// and the sign-in actions called as functions on this file's own database). What anyone without
// an account causes (refused and throttled sign-ins, each step of a two-factor sign-in that issues
// nothing) is one entry per kind, address, account and window with its count; "Signed in" is
// written with the session or token it issues; the database lets a counted entry count up and
// nothing else; invitations revoked or orphaned open nothing. How the screens word it (the
// activity screen's entry, the dashboard's card, the Users screen's list, the invitation page) is
// in tests/integration/security-record.test.ts.

afterAll(() => testDb.$disconnect());

const entriesFrom = (address: string) =>
  testDb.activityLog.findMany({
    where: { address },
    orderBy: { id: 'asc' },
    select: { kind: true, repeats: true, entityId: true, actorId: true, detail: true, lastAt: true },
  });

describe('refused sign-ins are counted, not a row each', () => {
  it('1,000 wrong passwords for one account from one address: three entries, counting 5, 25 and 970', async () => {
    const user = await makeUser('mini');
    const ip = freshIp();
    // About 13 s in-process (86 s over HTTP): the wait keeps four times that clear of the edge.
    await clearOfWindowEdge(60_000);
    const statuses = await inParallel(1000, 8, async () => {
      return (await call('/api/login', { ip, form: { email: user.email, password: 'not the password 123' } })).status;
    });
    expect(statuses.filter((s) => s === 401)).toHaveLength(PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1000 - PER_ACCOUNT);
    // In which order the rows were first written is the race's (a throttled answer needs no password hash, so it can
    // be logged before the first refusal): compared by kind, the account's before the address's.
    const entries = (await entriesFrom(ip)).sort(
      (a, b) => a.kind.localeCompare(b.kind) || Number(a.entityId === null) - Number(b.entityId === null),
    );
    expect(entries.map(({ kind, repeats, entityId, actorId, detail }) => ({ kind, repeats, entityId, actorId, detail }))).toEqual([
      { kind: 'signInRefused', repeats: PER_ACCOUNT, entityId: user.id, actorId: null, detail: `invalidCredentials ${user.email}` },
      // The account's own budget spent (the address's was not yet): still about that account.
      { kind: 'signInThrottled', repeats: PER_IP - PER_ACCOUNT, entityId: user.id, actorId: null, detail: `tooManyRequests ${user.email}` },
      // The address's budget spent: whatever it names next is counted under the address alone.
      { kind: 'signInThrottled', repeats: 1000 - PER_IP, entityId: null, actorId: null, detail: `tooManyRequests ${user.email}` },
    ]);
    for (const entry of entries) expect(entry.lastAt).not.toBeNull();
  }, 120_000);

  it('typed text that is no e-mail address is never stored; varied e-mails from one address add no rows (domain half)', async () => {
    const ip = freshIp();
    await clearOfWindowEdge(60_000);
    for (let i = 0; i < 3; i++) {
      const res = await call('/api/login', { ip, form: { email: `<b>hello ${i}</b>' OR 1=1 --`, password: 'whatever 123' } });
      expect(res.status).toBe(401);
    }
    // 40 different addresses that name no account: the 30 the address may try, then its throttle.
    await signInsNamingNobody(ip, 40);
    const entries = await entriesFrom(ip);
    expect(entries.map(({ kind, repeats, entityId }) => ({ kind, repeats, entityId }))).toEqual([
      { kind: 'signInRefused', repeats: PER_IP, entityId: null },
      { kind: 'signInThrottled', repeats: 43 - PER_IP, entityId: null },
    ]);
    expect(entries[0]!.detail).toBe('invalidCredentials -');
    expect(JSON.stringify(await testDb.activityLog.findMany({ where: { address: ip } }))).not.toContain('hello');
    // How the activity screen words it is the HTTP tier's (tests/integration/security-record.test.ts, the page half).
  });

  it('the database lets a counted entry count up by one and nothing else', async () => {
    const ip = freshIp();
    await call('/api/login', { ip, form: { email: 'counted@example.test', password: 'wrong 123' } });
    const entry = await testDb.activityLog.findFirstOrThrow({ where: { address: ip } });
    for (const change of [
      "detail = 'edited'",
      'repeats = repeats + 2',
      "repeats = repeats + 1, kind = 'signIn'",
      "repeats = repeats + 1, address = '0.0.0.0'",
    ])
      await expect(testDb.$executeRawUnsafe(`UPDATE activity_log SET ${change} WHERE id = ${entry.id}`), change).rejects.toThrow(
        /cannot be changed or deleted/,
      );
    // An entry that is no counted event: not even its count. (A sign-in writes one, should this
    // test run alone on the file's fresh database.)
    await sessionCookie((await makeUser('mini')).email);
    const plain = await testDb.activityLog.findFirstOrThrow({ where: { windowKey: null } });
    await expect(testDb.$executeRawUnsafe(`UPDATE activity_log SET repeats = repeats + 1 WHERE id = ${plain.id}`)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    expect(await testDb.activityLog.findUniqueOrThrow({ where: { id: entry.id } })).toEqual(entry);
    expect(await testDb.activityLog.findUniqueOrThrow({ where: { id: plain.id } })).toEqual(plain);
  });
});

describe('two-factor sign-ins say what happened at each step', () => {
  it('the password step and a wrong code are their own kinds; "Signed in" once, for the right code; a recovery code is its own', async () => {
    const user = await makeUser('mini');
    const { key, codes } = await enrol(user.email);
    const ip = freshIp();
    const at = { 'X-Forwarded-For': ip };
    const signIns = () =>
      testDb.activityLog.count({ where: { actorId: user.id, kind: { in: ['signIn', 'signInRecoveryCode'] }, address: ip } });

    const step = await passwordStep(user.email, at);
    const wrong = await codeStep(step, await codeAt(key, -3600), at);
    expect(wrong.result).toEqual({ ok: false, error: 'invalidCode' });
    expect((await entriesFrom(ip)).map(({ kind, repeats, entityId, detail }) => ({ kind, repeats, entityId, detail }))).toEqual([
      { kind: 'signInPassword', repeats: 1, entityId: user.id, detail: `twoFactorRequired ${user.email}` },
      { kind: 'signInCodeRefused', repeats: 1, entityId: user.id, detail: `invalidCode ${user.email}` },
    ]);
    expect(await signIns()).toBe(0);

    const right = await codeStep(step, await codeAt(key, 30), at);
    expect(right.result).toEqual({ ok: true, next: '/Admin' });
    expect(await testDb.activityLog.findMany({ where: { actorId: user.id, address: ip }, select: { kind: true, repeats: true } })).toEqual([
      { kind: 'signIn', repeats: 1 },
    ]);

    const again = await passwordStep(user.email, at);
    expect((await codeStep(again, codes[0]!, at)).result).toEqual({ ok: true, next: '/Admin' });
    expect(await testDb.activityLog.count({ where: { actorId: user.id, address: ip, kind: 'signInRecoveryCode' } })).toBe(1);
    expect(await signIns()).toBe(2);
    // The second password step counted on the first one's entry.
    expect(await testDb.activityLog.findFirst({ where: { address: ip, kind: 'signInPassword' }, select: { repeats: true } })).toEqual({
      repeats: 2,
    });
  });

  it('wrong codes past the code budget are logged throttled; the old client /api/login the same way', async () => {
    const user = await makeUser('mini');
    const { key } = await enrol(user.email);
    const ip = freshIp();
    const at = { 'X-Forwarded-For': ip };
    const step = await passwordStep(user.email, at);
    const answers: unknown[] = [];
    for (let i = 0; i < PER_ACCOUNT + 2; i++) answers.push((await codeStep(step, await codeAt(key, -3600 - 30 * i), at)).result);
    expect(answers).toEqual([
      ...Array<unknown>(PER_ACCOUNT).fill({ ok: false, error: 'invalidCode' }),
      { ok: false, error: 'tooManyRequests' },
      { ok: false, error: 'tooManyRequests' },
    ]);
    expect((await entriesFrom(ip)).map(({ kind, repeats }) => ({ kind, repeats }))).toEqual([
      { kind: 'signInPassword', repeats: 1 },
      { kind: 'signInCodeRefused', repeats: PER_ACCOUNT },
      { kind: 'signInCodeThrottled', repeats: 2 },
    ]);

    // /api/login with the code in the same request: a new account, so a budget of its own.
    const other = await makeUser('mini');
    const { key: otherKey } = await enrol(other.email);
    const apiIp = freshIp();
    const refused = await call('/api/login', {
      ip: apiIp,
      form: { email: other.email, password: PASSWORD, code: await codeAt(otherKey, -3600) },
    });
    expect(refused.status).toBe(401);
    const ok = await call('/api/login', { ip: apiIp, form: { email: other.email, password: PASSWORD, code: await codeAt(otherKey, 30) } });
    expect(ok.status).toBe(200);
    expect((await entriesFrom(apiIp)).map(({ kind, repeats, actorId }) => ({ kind, repeats, actorId }))).toEqual([
      { kind: 'signInPassword', repeats: 2, actorId: null },
      { kind: 'signInCodeRefused', repeats: 1, actorId: null },
      { kind: 'signIn', repeats: 1, actorId: other.id },
    ]);
  });
});

describe('invitations', () => {
  const STRONG = 'violet tractor harbour lantern';
  const accept = (token: string) =>
    invoke('acceptInvite', [null, form({ token, name: 'Invited', password: STRONG, passwordConfirmation: STRONG })], '', '/Invitation');

  it('are listed on /Admin/Users with a Revoke; a revoked one opens nothing and is logged (domain half)', async () => {
    const adminUser = await makeUser('admin');
    const admin = await sessionCookie(adminUser.email);
    const email = `revoked-${process.pid}-${Date.now()}@example.test`;
    const made = await invoke('inviteUser', [null, form({ email, role: 'mini', locale: 'en' })], admin, '/Admin/Users');
    const token = invitationToken(made.text);
    const link = await testDb.accountLink.findFirstOrThrow({ where: { email, purpose: 'invite' } });
    // What the Users screen lists (its HTML is the page half's, tests/integration/security-record.test.ts).
    expect((await listInvitations()).map((i) => i.email)).toContain(email);

    const revoked = await invokeWith('revokeInvite', [form({ invitationId: String(link.id), locale: 'en' })], {
      cookie: admin,
      page: '/Admin/Users',
    });
    expect(revoked.redirect).toContain('/Admin/Users?saved=revoked');
    expect((await accept(token)).result).toEqual({ ok: false, error: 'linkExpired', values: { name: 'Invited' } });
    expect(await testDb.user.count({ where: { email } })).toBe(0);
    expect(await testDb.activityLog.count({ where: { kind: 'invitationRevoked', actorId: adminUser.id, detail: `${email} mini` } })).toBe(
      1,
    );
    expect((await listInvitations()).map((i) => i.email)).not.toContain(email);
    // A second revoke, a Mini Admin's, an unknown id: refused, nothing logged.
    const mini = await sessionCookie((await makeUser('mini')).email);
    for (const [cookie, id, reason] of [
      [admin, link.id, 'notFound'],
      [mini, link.id, 'forbidden'],
      [admin, 2_000_000_000, 'notFound'],
      ['', link.id, 'unauthenticated'],
    ] as const) {
      const res = await invokeWith('revokeInvite', [form({ invitationId: String(id), locale: 'en' })], { cookie, page: '/Admin/Users' });
      expect(res.redirect, `${reason}`).toContain(`failed=revoke&reason=${reason}`);
    }
    expect(await testDb.activityLog.count({ where: { kind: 'invitationRevoked', detail: `${email} mini` } })).toBe(1);
  });

  it("die with their inviter's Admin rights (domain half)", async () => {
    const inviter = await makeUser('admin');
    const cookie = await sessionCookie(inviter.email);
    const email = `orphan-${process.pid}-${Date.now()}@example.test`;
    const token = invitationToken(
      (await invoke('inviteUser', [null, form({ email, role: 'admin', locale: 'en' })], cookie, '/Admin/Users')).text,
    );
    expect(token).toHaveLength(43);
    // What the invitation page shows (its HTML is the page half's).
    expect(await openInvitation(token)).toEqual({ email, role: 'admin' });
    await testDb.user.update({ where: { id: inviter.id }, data: { isAdmin: false } });
    expect((await accept(token)).result).toEqual({ ok: false, error: 'linkExpired', values: { name: 'Invited' } });
    expect(await testDb.user.count({ where: { email } })).toBe(0);
    expect(await openInvitation(token)).toBeNull();
  });
});
