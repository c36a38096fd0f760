import { afterAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import ar from '@/messages/ar.json';
import { invoke, invokeWith, sessionCookie } from '../helpers/actions';
import { BASE, call, login } from '../helpers/api';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';

// Issue 26, points 1, 2 and 5, on the main test server (no SMTP there: the mail flow is in
// tests/e2e/password-reset.spec.ts): the password rule everywhere a password is set, an Admin's
// one-time reset link (once, within its hour), changing one's password (other sessions and API
// tokens end, this one stays), and signing out one's own sessions only.

const STRONG = 'violet tractor harbour lantern';
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};
/** Whether an API token still opens /api: a valid one gets 422 for an empty service, a dead one 401. */
const apiStatus = async (token: string) => (await call('/api/service', { token, form: {} })).status;
/** Whether a session cookie still opens the back office (a dead one is sent to sign in). */
const sessionWorks = async (cookie: string) =>
  (await fetch(`${BASE}/Admin/Account`, { headers: { Cookie: cookie }, redirect: 'manual' })).status === 200;
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
    const res = await invoke(
      'register',
      [
        null,
        form({
          name: 'سارة',
          email: `${unique('weak-ar')}@example.test`,
          password: '12345678',
          passwordConfirmation: '12345678',
          js: '1',
          locale: 'ar',
        }),
      ],
      '',
      '/ar/SignUp',
    );
    expect(res.text).toContain('"passwordWeak"');
    expect(ar.validation.passwordWeak).toMatch(/سهلة التخمين/);
  });
});

describe("an Admin's one-time reset link", () => {
  it('is made for Admins only, works once, not after its hour, and ends every session and token of the account', async () => {
    const admin = await makeUser('admin');
    const adminCookie = await sessionCookie(admin.email);
    const person = await makeUser('mini');
    const personCookie = await sessionCookie(person.email);
    const token = (await login(person.email)).data.token as string;
    expect(await apiStatus(token)).toBe(422);

    // A Mini Admin cannot make one (not even for themselves), nor can anyone signed out.
    const mini = await makeUser('mini');
    expect(
      (await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'en' })], await sessionCookie(mini.email))).text,
    ).toContain('"error":"forbidden"');
    expect((await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'en' })])).text).toContain(
      '"error":"unauthenticated"',
    );
    expect(await testDb.accountLink.count({ where: { userId: person.id } })).toBe(0);

    const made = await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'ar' })], adminCookie, '/Admin/Users');
    expect(made.text).toContain('"ok":true');
    expect(made.text).toMatch(/\/ar\/ResetPassword\?token=[A-Za-z0-9_-]{43}/);
    const secret = tokenOf(made.text);
    const row = await testDb.accountLink.findFirstOrThrow({ where: { userId: person.id } });
    // Only the hash is stored, and the link lives one hour.
    expect(row.tokenHash).not.toContain(secret);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    expect(row.createdBy).toBe(admin.id);

    // A weak password is refused and uses nothing up.
    const weak = await invoke(
      'resetPasswordWithLink',
      [null, form({ token: secret, password: 'password1', passwordConfirmation: 'password1' })],
      '',
      '/ResetPassword',
    );
    expect(weak.text).toContain('"passwordWeak"');
    expect((await testDb.accountLink.findUniqueOrThrow({ where: { id: row.id } })).usedAt).toBeNull();

    const reset = await invoke(
      'resetPasswordWithLink',
      [null, form({ token: secret, password: STRONG, passwordConfirmation: STRONG })],
      '',
      '/ResetPassword',
    );
    expect(reset.text).toContain('"ok":true');
    expect((await login(person.email, STRONG)).status).toBe(200);
    expect((await login(person.email, PASSWORD)).status).toBe(401);
    expect(await apiStatus(token)).toBe(401);
    expect(await sessionWorks(personCookie)).toBe(false);
    // The activity log has it, by the person, from their address (issue 26, point 6).
    expect(
      await testDb.activityLog.findMany({ where: { kind: 'passwordReset', entityId: person.id }, select: { actorId: true, entity: true } }),
    ).toEqual([{ actorId: person.id, entity: 'users' }]);

    // Once only.
    const again = await invoke(
      'resetPasswordWithLink',
      [null, form({ token: secret, password: `${STRONG} again`, passwordConfirmation: `${STRONG} again` })],
      '',
      '/ResetPassword',
    );
    expect(again.text).toContain('"error":"linkExpired"');
    expect((await login(person.email, STRONG)).status).toBe(200);

    // Not after its hour (the clock moved on: the link's expiry put in the past).
    const late = tokenOf((await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'en' })], adminCookie)).text);
    await testDb.accountLink.updateMany({ where: { userId: person.id, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await invoke(
      'resetPasswordWithLink',
      [null, form({ token: late, password: `${STRONG} late`, passwordConfirmation: `${STRONG} late` })],
      '',
      '/ResetPassword',
    );
    expect(expired.text).toContain('"error":"linkExpired"');
    const page = await fetch(`${BASE}/ResetPassword?token=${late}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(en.auth.resetExpired);
    expect((await login(person.email, STRONG)).status).toBe(200);

    // Made-up and malformed tokens: the same answer, nothing looked up that could fail.
    for (const bogus of ['', 'x', 'a'.repeat(43), 'a'.repeat(5000), "' OR 1=1 --"]) {
      const res = await invoke(
        'resetPasswordWithLink',
        [null, form({ token: bogus, password: STRONG, passwordConfirmation: STRONG })],
        '',
        '/ResetPassword',
      );
      expect(res.status).toBe(200);
      expect(res.text).toContain('"error":"linkExpired"');
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
    expect(wrong.text).toContain('"wrongPassword"');
    const mismatch = await invoke(
      'changeOwnPassword',
      [null, form({ currentPassword: PASSWORD, password: STRONG, passwordConfirmation: 'other' })],
      here,
      '/Admin/Account',
    );
    expect(mismatch.text).toContain('"passwordMismatch"');
    expect(await sessionWorks(elsewhere)).toBe(true);
    expect(await apiStatus(token)).toBe(422);

    const changed = await invoke(
      'changeOwnPassword',
      [null, form({ currentPassword: PASSWORD, password: STRONG, passwordConfirmation: STRONG })],
      here,
      '/Admin/Account',
    );
    expect(changed.text).toContain('"ok":true');
    expect(await testDb.activityLog.count({ where: { kind: 'passwordChange', entityId: person.id, actorId: person.id } })).toBe(1);
    expect(await sessionWorks(elsewhere)).toBe(false);
    expect(await apiStatus(token)).toBe(401);
    expect(await sessionWorks(here)).toBe(true);
    expect((await login(person.email, STRONG)).status).toBe(200);
  });

  it('lists where one is signed in, with address and browser, and signs out only one’s own', async () => {
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

    const page = await fetch(`${BASE}/Admin/Account`, { headers: { Cookie: here } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('OldClient/1.0');
    expect(html).toContain('203.0.113.9');
    expect(html.match(/data-testid="session"/g)).toHaveLength(3);

    // Someone else's session id: not found, and it keeps working.
    const other = await makeUser('mini');
    const theirs = await sessionCookie(other.email);
    const theirRow = await testDb.apiToken.findFirstOrThrow({ where: { userId: other.id } });
    expect((await invoke('signOutSession', [null, form({ tokenId: String(theirRow.id) })], here)).text).toContain('"error":"notFound"');
    expect(await sessionWorks(theirs)).toBe(true);

    const phoneRow = rows[1]!;
    expect((await invoke('signOutSession', [null, form({ tokenId: String(phoneRow.id) })], here)).text).toContain('"ok":true');
    expect(await sessionWorks(phone)).toBe(false);
    expect(await testDb.apiToken.count({ where: { userId: person.id } })).toBe(2);
    expect((await invoke('signOutOtherSessions', [null, new FormData()], here)).text).toContain('"ok":true');
    expect((await testDb.apiToken.findMany({ where: { userId: person.id } })).map((r) => r.id)).toEqual([rows[0]!.id]);
    // Signed out: none of these answer.
    for (const name of ['signOutSession', 'signOutOtherSessions', 'changeOwnPassword'])
      expect(
        (
          await invoke(name, [
            null,
            form({ tokenId: String(rows[0]!.id), currentPassword: PASSWORD, password: STRONG, passwordConfirmation: STRONG }),
          ])
        ).text,
      ).toContain('"error":"unauthenticated"');
  });
});

describe('forgot password', () => {
  it('answers a malformed address with a field error and counts the address: the 6th request in an hour is refused', async () => {
    const bad = await invoke('requestPasswordReset', [null, form({ email: 'not an address', locale: 'en' })], '', '/ForgotPassword');
    expect(bad.text).toContain('"invalidEmail"');
    const email = `${unique('nobody')}@example.test`;
    for (let i = 1; i <= 5; i++) {
      const res = await invoke('requestPasswordReset', [null, form({ email, locale: 'en' })], '', '/ForgotPassword');
      expect(res.text, `request ${i}`).toContain('"ok":true');
    }
    const sixth = await invoke('requestPasswordReset', [null, form({ email: email.toUpperCase(), locale: 'en' })], '', '/ForgotPassword');
    expect(sixth.text).toContain('"error":"tooManyResets"');
    // Without SMTP nothing is made: no link, no mail.
    expect(await testDb.accountLink.count({ where: { email } })).toBe(0);
  });

  it('from one address, the 21st request in an hour is refused whatever the e-mail', async () => {
    const headers = { 'X-Forwarded-For': `198.51.100.${process.pid % 200}` };
    const results: string[] = [];
    for (let i = 1; i <= 21; i++) {
      const res = await invokeWith('requestPasswordReset', [null, form({ email: `${unique('spray')}@example.test`, locale: 'en' })], {
        page: '/ForgotPassword',
        headers,
      });
      results.push(res.text.includes('"ok":true') ? 'ok' : res.text.includes('tooManyResets') ? '429' : res.text);
    }
    expect(results).toEqual([...Array<string>(20).fill('ok'), '429']);
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
      for (const [name, data] of calls) expect((await invoke(name, [null, data], cookie)).text, name).toContain(`"error":"${expected}"`);
    expect(await testDb.accountLink.count({ where: { email } })).toBe(0);
    expect(await testDb.user.findUniqueOrThrow({ where: { id: applicant.id } })).toMatchObject({ isAdmin: false, isMiniAdmin: false });
    expect((await testDb.siteSettings.findUnique({ where: { id: 1 } }))?.signupOpen ?? true).toBe(true);
  });

  it('an invitation makes an account of its role once; bad input is refused with words', async () => {
    const admin = await sessionCookie((await makeUser('admin')).email);
    const taken = await makeUser('mini');
    expect((await invoke('inviteUser', [null, form({ email: taken.email, role: 'mini', locale: 'en' })], admin)).text).toContain(
      '"emailTaken"',
    );
    expect((await invoke('inviteUser', [null, form({ email: 'nope', role: 'mini', locale: 'en' })], admin)).text).toContain(
      '"invalidEmail"',
    );
    const email = `${unique('invitee')}@example.test`;
    expect((await invoke('inviteUser', [null, form({ email, role: 'owner', locale: 'en' })], admin)).text).toContain('"invalidId"');
    const made = await invoke('inviteUser', [null, form({ email: email.toUpperCase(), role: 'mini', locale: 'ar' })], admin);
    expect(made.text).toMatch(/\/ar\/Invitation\?token=[A-Za-z0-9_-]{43}/);
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
    expect(weak.text).toContain('"passwordWeak"');
    const ok = await invoke(
      'acceptInvite',
      [null, form({ token, name: 'Rami', password: STRONG, passwordConfirmation: STRONG })],
      '',
      '/Invitation',
    );
    // Issue 35, item 6: accepted is signed in, and sent on to the back office in the form's language.
    // A scripted call's redirect: 200 with Next's x-action-redirect header.
    expect([ok.status, ok.redirect.split(';')[0]]).toEqual([200, '/Admin']);
    const session = ok.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('authjs.session-token='));
    expect(session).toBeTruthy();
    expect((await fetch(`${BASE}/Admin`, { headers: { Cookie: session! }, redirect: 'manual' })).status).toBe(200);
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
    expect(again.text).toContain('"error":"linkExpired"');
  });

  it('approve and reject act on pending accounts only', async () => {
    const admin = await sessionCookie((await makeUser('admin')).email);
    const approved = await makeUser('mini');
    expect((await invoke('rejectUser', [null, form({ userId: String(approved.id) })], admin)).text).toContain('"error":"notPending"');
    expect((await invoke('approveUser', [null, form({ userId: String(approved.id), role: 'admin' })], admin)).text).toContain(
      '"error":"notPending"',
    );
    expect(await testDb.user.findUniqueOrThrow({ where: { id: approved.id } })).toMatchObject({ isAdmin: false, isMiniAdmin: true });
    const applicant = await makeUser('pending');
    expect((await invoke('approveUser', [null, form({ userId: String(applicant.id), role: 'admin' })], admin)).text).toContain('"ok":true');
    expect(await testDb.user.findUniqueOrThrow({ where: { id: applicant.id } })).toMatchObject({ isAdmin: true, isMiniAdmin: true });
    const other = await makeUser('pending');
    expect((await invoke('rejectUser', [null, form({ userId: String(other.id) })], admin)).text).toContain('"ok":true');
    expect(await testDb.user.count({ where: { id: other.id } })).toBe(0);
    for (const userId of ['0', '-1', 'abc', '99999999999'])
      expect((await invoke('approveUser', [null, form({ userId, role: 'mini' })], admin)).text).toContain('"error":"notFound"');
  });

  it('/Admin/Users pages and searches, pending first, whatever the number of accounts', async () => {
    const admin = await sessionCookie((await makeUser('admin')).email);
    const tag = unique('people');
    for (let i = 0; i < 3; i++) await makeUser('mini', `${tag}-${i}@example.test`);
    const waiting = await makeUser('pending', `${tag}-waiting@example.test`);
    const html = await (await fetch(`${BASE}/Admin/Users?q=${tag}`, { headers: { Cookie: admin } })).text();
    const shown = [...html.matchAll(/data-testid="user-card" data-email="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual([waiting.email, `${tag}-2@example.test`, `${tag}-1@example.test`, `${tag}-0@example.test`]);
    // LIKE's wildcards are taken literally; an absurd page is the last one.
    const literal = await (await fetch(`${BASE}/Admin/Users?q=%25_%25`, { headers: { Cookie: admin } })).text();
    expect(literal.match(/data-testid="user-card"/g)).toBeNull();
    const far = await fetch(`${BASE}/Admin/Users?page=999999999`, { headers: { Cookie: admin } });
    expect(far.status).toBe(200);
    // Other files add accounts meanwhile: the last page holds 1 to 50 of them, never none.
    const cards = (await far.text()).match(/data-testid="user-card"/g)?.length ?? 0;
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(50);
  });
});
