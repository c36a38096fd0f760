import { afterAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { invoke, invokeWith, sessionCookie } from '../helpers/actions';
import { BASE, call, freshIp } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';
import { form } from '../helpers/two-factor';
import { clearOfWindowEdge, invitationToken, PER_IP, signInsNamingNobody } from '../helpers/security-record-fixtures';

// Issue 34, item 1: the activity log as a security record, as the screens show it, over HTTP
// against the test server (no page renders in-process): the activity screen's wording of a
// counted refusal, the dashboard's card (staff work only), the Users screen's list of
// invitations with a Revoke, and the invitation page of an orphaned invitation. The entries
// themselves (counted and throttled sign-ins, the two-factor steps, the database's guard on
// counted entries, revoked and orphaned invitations) are in tests/inproc/security-record.test.ts.

afterAll(() => testDb.$disconnect());

describe('refused sign-ins are counted, not a row each', () => {
  it('typed text that is no e-mail address is never stored; varied e-mails from one address add no rows (page half)', async () => {
    const ip = freshIp();
    await clearOfWindowEdge(60_000);
    for (let i = 0; i < 3; i++) {
      const res = await call('/api/login', { ip, form: { email: `<b>hello ${i}</b>' OR 1=1 --`, password: 'whatever 123' } });
      expect(res.status).toBe(401);
    }
    // 40 different addresses that name no account: the 30 the address may try, then its throttle.
    await signInsNamingNobody(ip, 40);

    // The screen words it: "not an e-mail address", and how many times (its page found by its id:
    // other files' refusals may be newer).
    const admin = await sessionCookie((await makeUser('admin')).email);
    const id = (await testDb.activityLog.findFirstOrThrow({ where: { address: ip, kind: 'signInRefused' } })).id;
    let shown = '';
    for (let page = 1; page <= 20 && !shown; page++) {
      const html = await (await fetch(`${BASE}/Admin/Activity?kind=signInRefused&page=${page}`, { headers: { Cookie: admin } })).text();
      shown = new RegExp(`data-entry="${id}"[\\s\\S]*?</li>`).exec(html)?.[0] ?? '';
    }
    expect(shown).toContain(`${en.errors.invalidCredentials} (e-mail typed: ${en.admin.activity.notAnAddress})`);
    expect(shown).toMatch(new RegExp(`data-testid="activity-repeats"[^>]*>${PER_IP} times in this window, the last at `));
  });

  it('the dashboard shows staff work, never what nobody signed in caused', async () => {
    await call('/api/login', { form: { email: 'someone@example.test', password: 'wrong 123' } });
    const admin = await sessionCookie((await makeUser('admin')).email);
    const html = await (await fetch(`${BASE}/Admin`, { headers: { Cookie: admin } })).text();
    const card = /data-testid="latest-activity"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(card).toContain(en.admin.dashboard.activityHeading);
    expect(card).not.toContain(en.admin.activity.nobody);
    expect(card).not.toContain(en.admin.activity.kinds.signInRefused);
  });
});

describe('invitations', () => {
  it('are listed on /Admin/Users with a Revoke; a revoked one opens nothing and is logged (page half)', async () => {
    const admin = await sessionCookie((await makeUser('admin')).email);
    const email = `revoked-${process.pid}-${Date.now()}@example.test`;
    await invoke('inviteUser', [null, form({ email, role: 'mini', locale: 'en' })], admin, '/Admin/Users');
    const link = await testDb.accountLink.findFirstOrThrow({ where: { email, purpose: 'invite' } });
    const page = await (await fetch(`${BASE}/Admin/Users`, { headers: { Cookie: admin } })).text();
    expect(page).toContain(en.admin.users.invitationsTitle);
    expect(page).toMatch(new RegExp(`data-testid="invitation"[\\s\\S]*?${email.replace(/[.]/g, '\\.')}`));
    expect(page).toContain(`aria-label="Revoke the invitation for ${email}"`);

    // The Revoke button's form, as the browser posts it: the screen again, saying so, without it.
    const revoked = await invokeWith('revokeInvite', [form({ invitationId: String(link.id), locale: 'en' })], {
      cookie: admin,
      page: '/Admin/Users',
    });
    expect(revoked.redirect).toContain('/Admin/Users?saved=revoked');
    expect(await (await fetch(`${BASE}/Admin/Users`, { headers: { Cookie: admin } })).text()).not.toContain(`for ${email}`);
  });

  it("die with their inviter's Admin rights (page half)", async () => {
    const inviter = await makeUser('admin');
    const cookie = await sessionCookie(inviter.email);
    const email = `orphan-${process.pid}-${Date.now()}@example.test`;
    const token = invitationToken(
      (await invoke('inviteUser', [null, form({ email, role: 'admin', locale: 'en' })], cookie, '/Admin/Users')).text,
    );
    expect(token).toHaveLength(43);
    expect(await (await fetch(`${BASE}/Invitation?token=${token}`)).text()).toContain(email);
    await testDb.user.update({ where: { id: inviter.id }, data: { isAdmin: false } });
    const page = await (await fetch(`${BASE}/Invitation?token=${token}`)).text();
    expect(page).not.toContain(email);
  });
});
