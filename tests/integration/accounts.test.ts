import { afterAll, describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { invoke, sessionCookie } from '../helpers/actions';
import { BASE, call } from '../helpers/api';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';

// Issue 26, points 1, 2 and 5: what only the real server shows, the pages' HTML and a scripted
// call's redirect as Next answers it over HTTP (no page renders in-process, and the in-process
// transport calls an action as a function). The expired reset link's page, the account page's
// list of sessions, an accepted invitation's redirect and session opening /Admin, and the Users
// screen's search and paging. The rest (the password rule, reset links, password changes,
// signing out, the forgotten-password limits, invitations and approval) is in
// tests/inproc/accounts.test.ts.

const STRONG = 'violet tractor harbour lantern';
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};
const tokenOf = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

afterAll(() => testDb.$disconnect());

describe("an Admin's one-time reset link", () => {
  it('is made for Admins only, works once, not after its hour, and ends every session and token of the account (page half)', async () => {
    const adminCookie = await sessionCookie((await makeUser('admin')).email);
    const person = await makeUser('mini');
    // Not after its hour (the clock moved on: the link's expiry put in the past): its page says so.
    const late = tokenOf((await invoke('makeResetLink', [null, form({ userId: String(person.id), locale: 'en' })], adminCookie)).text);
    expect(late).toHaveLength(43);
    await testDb.accountLink.updateMany({ where: { userId: person.id, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const page = await fetch(`${BASE}/ResetPassword?token=${late}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(en.auth.resetExpired);
  });
});

describe('changing one’s password and one’s sessions', () => {
  it('lists where one is signed in, with address and browser, and signs out only one’s own (page half)', async () => {
    const person = await makeUser('mini');
    const here = await sessionCookie(person.email);
    await sessionCookie(person.email);
    await call('/api/login', {
      form: { email: person.email, password: PASSWORD },
      ip: '203.0.113.9',
      headers: { 'User-Agent': 'OldClient/1.0' },
    });
    expect(await testDb.apiToken.count({ where: { userId: person.id } })).toBe(3);

    const page = await fetch(`${BASE}/Admin/Account`, { headers: { Cookie: here } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('OldClient/1.0');
    expect(html).toContain('203.0.113.9');
    expect(html.match(/data-testid="session"/g)).toHaveLength(3);
  });
});

describe('invitations, approval and the people list', () => {
  it('an invitation makes an account of its role once; bad input is refused with words (HTTP half)', async () => {
    const admin = await sessionCookie((await makeUser('admin')).email);
    const email = `${unique('invitee')}@example.test`;
    const token = tokenOf((await invoke('inviteUser', [null, form({ email, role: 'mini', locale: 'en' })], admin)).text);
    expect(token).toHaveLength(43);
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
