import { afterAll, describe, expect, it } from 'vitest';
import { backOfficeOpens } from '#test-transport';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { invoke, invokeWith, sessionCookie } from '../helpers/actions';
import { call, login } from '../helpers/api';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';

// Issue 26, points 1, 2 and 5, in-process (no SMTP: the mail flow is in
// tests/e2e/password-reset.spec.ts): the password rule everywhere a password is set, an Admin's
// one-time reset link (once, within its hour), changing one's password (other sessions and API
// tokens end, this one stays), signing out one's own sessions only, the forgotten-password
// limits, and invitations, approval and rejection. The actions and /api's route handlers are
// called as functions on this file's own database. What only the real server shows (the pages'
// HTML: the expired link's page, the account page's session list, the Users screen's paging; a
// scripted call's redirect as Next answers it) is in tests/integration/accounts.test.ts.

const STRONG = 'violet tractor harbour lantern';
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};
/** Whether an API token still opens /api: a valid one gets 422 for an empty service, a dead one 401. */
const apiStatus = async (token: string) => (await call('/api/service', { token, form: {} })).status;
const tokenOf = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

afterAll(() => testDb.$disconnect());

describe('the password rule (sign-up, reset, change)', () => {
  it('/api/register refuses a common password and one made of the name, in words the old client shows', async () => {
    const email = `${unique('weak')}@example.test`;
    for (const password of ['password123', 'Qwerty12345']) {
      const res = await call('/api/register', { form: { name: 'Sara', email, password, password_confirmation: password } });
      expect(res.status).toBe(422);
      expect(res.data.errors.password).toEqual([en.validation.passwordWeak]);
    }
    const named = await call('/api/register', {
      form: { name: 'Marwan Haddad', email, password: 'marwanhaddad2026', password_confirmation: 'marwanhaddad2026' },
    });
    expect(named.status).toBe(422);
    expect(named.data.errors.password).toEqual([en.validation.passwordWeak]);
    expect(await testDb.user.count({ where: { email } })).toBe(0);
    const ok = await call('/api/register', { form: { name: 'Sara', email, password: STRONG, password_confirmation: STRONG } });
    expect(ok.status).toBe(201);
    await testDb.user.deleteMany({ where: { email } });
  });

  it('the sign-up form says it in Arabic too', async () => {
    const email = `${unique('weak-ar')}@example.test`;
    const res = await invoke(
      'register',
      [null, form({ name: 'سارة', email, password: '12345678', passwordConfirmation: '12345678', js: '1', locale: 'ar' })],
      '',
      '/ar/SignUp',
    );
    expect(res.result).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { password: ['passwordWeak'] },
      values: { name: 'سارة', email },
    });
    expect(ar.validation.passwordWeak).toMatch(/سهلة التخمين/);
  });
});

describe("an Admin's one-time reset link", () => {
  it('is made for Admins only, works once, not after its hour, and ends every session and token of the account (domain half)', async () => {
    const admin = await makeUser('admin');
    const adminCookie = await sessionCookie(admin.email);
    const person = await makeUser('mini');
    const personCookie = await sessionCookie(person.email);
    const token = (await login(person.email)).data.token as string;
    expect(await apiStatus(token)).toBe(422);

    // A Mini Admin cannot make one (not even for themselves), nor can anyone signed out.
    const mini = await makeUser('mini');
    expect(
      (await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'en' })], await sessionCookie(mini.email))).result,
    ).toEqual({ ok: false, error: 'forbidden' });
    expect((await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'en' })])).result).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
    expect(await testDb.accountLink.count({ where: { userId: person.id } })).toBe(0);

    const made = await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'ar' })], adminCookie, '/Admin/Users');
    expect(made.result).toEqual({ ok: true, url: expect.any(String) as string });
    expect((made.result as { url: string }).url).toMatch(/\/ar\/ResetPassword\?token=[A-Za-z0-9_-]{43}$/);
    const secret = tokenOf(made.text);
    const row = await testDb.accountLink.findFirstOrThrow({ where: { userId: person.id } });
    // Only the hash is stored, and the link lives one hour.
    expect(row.tokenHash).not.toContain(secret);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    expect(row.createdBy).toBe(admin.id);

    /** The reset form posted from its page: `token` from the link, the new password typed twice. */
    const resetWith = (token: string, password: string) =>
      invoke('resetPasswordWithLink', [null, form({ token, password, passwordConfirmation: password })], '', '/ResetPassword');

    // A weak password is refused and uses nothing up.
    const weak = await resetWith(secret, 'password1');
    expect(weak.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { password: ['passwordWeak'] } });
    expect((await testDb.accountLink.findUniqueOrThrow({ where: { id: row.id } })).usedAt).toBeNull();

    const reset = await resetWith(secret, STRONG);
    expect(reset.result).toEqual({ ok: true });
    expect((await login(person.email, STRONG)).status).toBe(200);
    expect((await login(person.email, PASSWORD)).status).toBe(401);
    expect(await apiStatus(token)).toBe(401);
    expect(await backOfficeOpens(personCookie)).toBe(false);
    // The activity log has it, by the person, from their address (issue 26, point 6).
    expect(
      await testDb.activityLog.findMany({ where: { kind: 'passwordReset', entityId: person.id }, select: { actorId: true, entity: true } }),
    ).toEqual([{ actorId: person.id, entity: 'users' }]);

    // Once only.
    const again = await resetWith(secret, `${STRONG} again`);
    expect(again.result).toEqual({ ok: false, error: 'linkExpired' });
    expect((await login(person.email, STRONG)).status).toBe(200);

    // Not after its hour (the clock moved on: the link's expiry put in the past). Its page saying
    // so is the HTTP tier's (tests/integration/accounts.test.ts, the page half).
    const late = tokenOf((await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'en' })], adminCookie)).text);
    await testDb.accountLink.updateMany({ where: { userId: person.id, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await resetWith(late, `${STRONG} late`);
    expect(expired.result).toEqual({ ok: false, error: 'linkExpired' });
    expect((await login(person.email, STRONG)).status).toBe(200);

    // Made-up and malformed tokens: the same answer, nothing looked up that could fail.
    for (const bogus of ['', 'x', 'a'.repeat(43), 'a'.repeat(5000), "' OR 1=1 --"]) {
      const res = await resetWith(bogus, STRONG);
      expect(res.status).toBe(200);
      expect(res.result).toEqual({ ok: false, error: 'linkExpired' });
    }
  });
});

describe('changing one’s password and one’s sessions', () => {
  it('needs the current password; then every other session and API token ends and this one stays', async () => {
    const person = await makeUser('mini');
    const here = await sessionCookie(person.email);
    const elsewhere = await sessionCookie(person.email);
    const token = (await login(person.email)).data.token as string;

    const wrong = await invoke(
      'changeOwnPassword',
      [null, form({ currentPassword: 'not it', password: STRONG, passwordConfirmation: STRONG })],
      here,
      '/Admin/Account',
    );
    expect(wrong.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { currentPassword: ['wrongPassword'] } });
    const mismatch = await invoke(
      'changeOwnPassword',
      [null, form({ currentPassword: PASSWORD, password: STRONG, passwordConfirmation: 'other' })],
      here,
      '/Admin/Account',
    );
    expect(mismatch.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { passwordConfirmation: ['passwordMismatch'] } });
    expect(await backOfficeOpens(elsewhere)).toBe(true);
    expect(await apiStatus(token)).toBe(422);

    const changed = await invoke(
      'changeOwnPassword',
      [null, form({ currentPassword: PASSWORD, password: STRONG, passwordConfirmation: STRONG })],
      here,
      '/Admin/Account',
    );
    expect(changed.result).toEqual({ ok: true });
    expect(await testDb.activityLog.count({ where: { kind: 'passwordChange', entityId: person.id, actorId: person.id } })).toBe(1);
    expect(await backOfficeOpens(elsewhere)).toBe(false);
    expect(await apiStatus(token)).toBe(401);
    expect(await backOfficeOpens(here)).toBe(true);
    expect((await login(person.email, STRONG)).status).toBe(200);
  });

  it('lists where one is signed in, with address and browser, and signs out only one’s own (domain half)', async () => {
    const person = await makeUser('mini');
    const here = await sessionCookie(person.email);
    const phone = await sessionCookie(person.email);
    await call('/api/login', {
      form: { email: person.email, password: PASSWORD },
      ip: '203.0.113.9',
      headers: { 'User-Agent': 'OldClient/1.0' },
    });
    const rows = await testDb.apiToken.findMany({ where: { userId: person.id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.kind)).toEqual(['session', 'session', 'api']);
    expect(rows[2]).toMatchObject({ address: '203.0.113.9', userAgent: 'OldClient/1.0' });
    // The account page listing them is the HTTP tier's (tests/integration/accounts.test.ts, the page half).

    // Someone else's session id: not found, and it keeps working.
    const other = await makeUser('mini');
    const theirs = await sessionCookie(other.email);
    const theirRow = await testDb.apiToken.findFirstOrThrow({ where: { userId: other.id } });
    expect((await invoke('signOutSession', [null, form({ tokenId: String(theirRow.id) })], here)).result).toEqual({
      ok: false,
      error: 'notFound',
    });
    expect(await backOfficeOpens(theirs)).toBe(true);

    const phoneRow = rows[1]!;
    expect((await invoke('signOutSession', [null, form({ tokenId: String(phoneRow.id) })], here)).result).toEqual({ ok: true });
    expect(await backOfficeOpens(phone)).toBe(false);
    expect(await testDb.apiToken.count({ where: { userId: person.id } })).toBe(2);
    expect((await invoke('signOutOtherSessions', [null, new FormData()], here)).result).toEqual({ ok: true });
    expect((await testDb.apiToken.findMany({ where: { userId: person.id } })).map((r) => r.id)).toEqual([rows[0]!.id]);
    // Signed out: none of these answer.
    for (const name of ['signOutSession', 'signOutOtherSessions', 'changeOwnPassword'])
      expect(
        (
          await invoke(name, [
            null,
            form({ tokenId: String(rows[0]!.id), currentPassword: PASSWORD, password: STRONG, passwordConfirmation: STRONG }),
          ])
        ).result,
        name,
      ).toEqual({ ok: false, error: 'unauthenticated' });
  });
});

describe('forgot password', () => {
  it('answers a malformed address with a field error and counts the address: the 6th request in an hour is refused', async () => {
    const bad = await invoke('requestPasswordReset', [null, form({ email: 'not an address', locale: 'en' })], '', '/ForgotPassword');
    expect(bad.result).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { email: ['invalidEmail'] },
      values: { email: 'not an address' },
    });
    const email = `${unique('nobody')}@example.test`;
    for (let i = 1; i <= 5; i++) {
      const res = await invoke('requestPasswordReset', [null, form({ email, locale: 'en' })], '', '/ForgotPassword');
      expect(res.result, `request ${i}`).toEqual({ ok: true });
    }
    const sixth = await invoke('requestPasswordReset', [null, form({ email: email.toUpperCase(), locale: 'en' })], '', '/ForgotPassword');
    expect(sixth.result).toEqual({ ok: false, error: 'tooManyResets', values: { email: email.toUpperCase() } });
    // Without SMTP nothing is made: no link, no mail.
    expect(await testDb.accountLink.count({ where: { email } })).toBe(0);
  });

  it('from one address, the 21st request in an hour is refused whatever the e-mail', async () => {
    const headers = { 'X-Forwarded-For': `198.51.100.${process.pid % 200}` };
    const results: unknown[] = [];
    const expected: unknown[] = [];
    for (let i = 1; i <= 21; i++) {
      const email = `${unique('spray')}@example.test`;
      const res = await invokeWith('requestPasswordReset', [null, form({ email, locale: 'en' })], { page: '/ForgotPassword', headers });
      results.push(res.result);
      // 20 accepted, then the address's limit (the refused form keeps what was typed).
      expected.push(i <= 20 ? { ok: true } : { ok: false, error: 'tooManyResets', values: { email } });
    }
    expect(results).toEqual(expected);
  });
});

describe('invitations, approval and the people list', () => {
  it('only Admins invite, approve, reject or change the sign-up mode; nothing changes otherwise', async () => {
    const mini = await sessionCookie((await makeUser('mini')).email);
    const applicant = await makeUser('pending');
    const email = `${unique('invitee')}@example.test`;
    const calls: [string, FormData][] = [
      ['inviteUser', form({ email, role: 'admin', locale: 'en' })],
      ['approveUser', form({ userId: String(applicant.id), role: 'admin' })],
      ['rejectUser', form({ userId: String(applicant.id) })],
      ['setSignupMode', form({ signup: 'invite' })],
    ];
    for (const [cookie, expected] of [
      ['', 'unauthenticated'],
      [mini, 'forbidden'],
    ] as const)
      for (const [name, data] of calls) {
        // The invitation form gives back what was typed; the others answer with the code alone.
        const values = name === 'inviteUser' ? { values: { email } } : {};
        expect((await invoke(name, [null, data], cookie)).result, name).toEqual({ ok: false, error: expected, ...values });
      }
    expect(await testDb.accountLink.count({ where: { email } })).toBe(0);
    expect(await testDb.user.findUniqueOrThrow({ where: { id: applicant.id } })).toMatchObject({ isAdmin: false, isMiniAdmin: false });
    expect((await testDb.siteSettings.findUnique({ where: { id: 1 } }))?.signupOpen ?? true).toBe(true);
  });

  it('an invitation makes an account of its role once; bad input is refused with words (domain half)', async () => {
    const admin = await sessionCookie((await makeUser('admin')).email);
    const taken = await makeUser('mini');
    expect((await invoke('inviteUser', [null, form({ email: taken.email, role: 'mini', locale: 'en' })], admin)).result).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { email: ['emailTaken'] },
      values: { email: taken.email },
    });
    expect((await invoke('inviteUser', [null, form({ email: 'nope', role: 'mini', locale: 'en' })], admin)).result).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { email: ['invalidEmail'] },
      values: { email: 'nope' },
    });
    const email = `${unique('invitee')}@example.test`;
    expect((await invoke('inviteUser', [null, form({ email, role: 'owner', locale: 'en' })], admin)).result).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { role: ['invalidId'] },
      values: { email },
    });
    const made = await invoke('inviteUser', [null, form({ email: email.toUpperCase(), role: 'mini', locale: 'ar' })], admin);
    expect(made.result).toEqual({ ok: true, url: expect.stringMatching(/\/ar\/Invitation\?token=[A-Za-z0-9_-]{43}$/) as string, email });
    const link = await testDb.accountLink.findFirstOrThrow({ where: { email } });
    expect(link.expiresAt.getTime() - link.createdAt.getTime()).toBeGreaterThan(7 * 24 * 60 * 60_000 - 60_000);
    const token = tokenOf(made.text);
    expect(await testDb.activityLog.count({ where: { kind: 'invitation', detail: `${email} mini` } })).toBe(1);

    const weak = await invoke(
      'acceptInvite',
      [null, form({ token, name: 'Rami', password: 'password1', passwordConfirmation: 'password1' })],
      '',
      '/Invitation',
    );
    expect(weak.result).toEqual({ ok: false, error: 'invalid', fieldErrors: { password: ['passwordWeak'] }, values: { name: 'Rami' } });
    const ok = await invoke(
      'acceptInvite',
      [null, form({ token, name: 'Rami', password: STRONG, passwordConfirmation: STRONG })],
      '',
      '/Invitation',
    );
    // Issue 35, item 6: accepted is signed in, and sent on to the back office in the form's language.
    // The action redirects (here the transport's 303); how Next answers a scripted call's redirect
    // (200 with its x-action-redirect header) is the HTTP half's.
    expect([ok.status, ok.redirect]).toEqual([303, '/Admin']);
    const session = ok.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('authjs.session-token='));
    expect(session).toBeTruthy();
    expect(await backOfficeOpens(session!)).toBe(true);
    expect(await testDb.user.findUniqueOrThrow({ where: { email } })).toMatchObject({ name: 'Rami', isAdmin: false, isMiniAdmin: true });
    const rami = await testDb.user.findUniqueOrThrow({ where: { email } });
    expect(await testDb.activityLog.count({ where: { kind: 'create', entity: 'users', entityId: rami.id, actorId: rami.id } })).toBe(1);
    expect((await login(email, STRONG)).status).toBe(200);
    const again = await invoke(
      'acceptInvite',
      [null, form({ token, name: 'Rami 2', password: STRONG, passwordConfirmation: STRONG })],
      '',
      '/Invitation',
    );
    expect(again.result).toEqual({ ok: false, error: 'linkExpired', values: { name: 'Rami 2' } });
  });

  it('approve and reject act on pending accounts only', async () => {
    const admin = await sessionCookie((await makeUser('admin')).email);
    const approved = await makeUser('mini');
    expect((await invoke('rejectUser', [null, form({ userId: String(approved.id) })], admin)).result).toEqual({
      ok: false,
      error: 'notPending',
    });
    expect((await invoke('approveUser', [null, form({ userId: String(approved.id), role: 'admin' })], admin)).result).toEqual({
      ok: false,
      error: 'notPending',
    });
    expect(await testDb.user.findUniqueOrThrow({ where: { id: approved.id } })).toMatchObject({ isAdmin: false, isMiniAdmin: true });
    const applicant = await makeUser('pending');
    expect((await invoke('approveUser', [null, form({ userId: String(applicant.id), role: 'admin' })], admin)).result).toEqual({
      ok: true,
    });
    expect(await testDb.user.findUniqueOrThrow({ where: { id: applicant.id } })).toMatchObject({ isAdmin: true, isMiniAdmin: true });
    const other = await makeUser('pending');
    expect((await invoke('rejectUser', [null, form({ userId: String(other.id) })], admin)).result).toEqual({ ok: true });
    expect(await testDb.user.count({ where: { id: other.id } })).toBe(0);
    for (const userId of ['0', '-1', 'abc', '99999999999'])
      expect((await invoke('approveUser', [null, form({ userId, role: 'mini' })], admin)).result, userId).toEqual({
        ok: false,
        error: 'notFound',
      });
  });
});
