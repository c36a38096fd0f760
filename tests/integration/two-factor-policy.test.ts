import { hash } from '@node-rs/argon2';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { formCall, invoke, itemCall, sessionCookie } from '../helpers/actions';
import { PASSWORD } from '../helpers/db';
import { ownServer } from '../helpers/own-server';
import { RECOVERY_CODE_COUNT } from '@/lib/auth/two-factor';

// Issue 26, item 4: the Admins' two-factor policy, enforced by the one guard. A person it covers
// who has not set two-factor up may use only their own account (to set it up) — in the back
// office's pages, its server actions, its routes and /api — until they do. Against a server and
// database of this file's own: turning the policy on in the shared test database would refuse the
// Admins of every other test file running meanwhile.

const own = ownServer('two_factor_policy');

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

let counter = 0;
async function person(role: 'admin' | 'mini') {
  return own.db().user.create({
    data: {
      name: `Policy ${role}`,
      email: `policy-${role}-${++counter}@example.test`,
      passwordHash: await hash(PASSWORD),
      isAdmin: role === 'admin',
      isMiniAdmin: true,
    },
  });
}

const base = own.base;
const act = (name: string, args: unknown[], cookie: string, page?: string) => invoke(name, args, cookie, page, base());
const SENT_TO_ACCOUNT = /NEXT_REDIRECT;replace;\/Admin\/Account;307;/;
const teamsPage = async (cookie: string) =>
  (await fetch(`${base()}/Admin/Teams`, { headers: { Cookie: cookie }, redirect: 'manual' })).text();
/** A content write through the back office's action: a new contact card, `name` its e-mail's local part. */
const addContact = (cookie: string, name: string) =>
  act('saveItem', itemCall('contacts', null, form({ phone: '+971 4 000 0000', email: `${name}@example.test` })), cookie);
const written = (name: string) => own.db().contact.count({ where: { email: `${name}@example.test` } });
/** The same through the old client's /api with a bearer token from /api/login. */
async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${base()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
const apiWrite = (token: string) =>
  fetch(`${base()}/api/contact`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: '+971 4 000 0000', email: 'api@example.test' }),
  });

describe('the settings form on a fresh install (first: this database has no settings row yet)', () => {
  it('a form read before the row existed still saves after the policy switch made the row; once a value is saved, it is stale', async () => {
    const admin = await person('admin');
    const cookie = await sessionCookie(admin.email, base());
    expect(await own.db().siteSettings.findUnique({ where: { id: 1 } })).toBeNull();
    const screen = await (await fetch(`${base()}/Admin/Settings`, { headers: { Cookie: cookie } })).text();
    expect(screen).toMatch(/name="version" value="none"/);

    // Another screen's switch creates the row (here the two-factor policy, left at "none").
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'none' })], cookie, '/Admin/Settings')).text).toContain(
      '"ok":true',
    );
    expect(await own.db().siteSettings.count()).toBe(1);
    const save = (taglineEn: string) => act('saveSettings', formCall({}, form({ version: 'none', taglineEn })), cookie, '/Admin/Settings');
    expect((await save('First tagline')).result).toEqual({ ok: true });
    expect((await own.db().siteSettings.findUniqueOrThrow({ where: { id: 1 } })).taglineEn).toBe('First tagline');

    // A second form read at the same time would now overwrite that: refused, nothing changed.
    const stale = (await save('Second tagline')).text;
    expect(stale).toContain('"error":"staleVersion"');
    expect((await own.db().siteSettings.findUniqueOrThrow({ where: { id: 1 } })).taglineEn).toBe('First tagline');
  });
});

describe('the two-factor policy', () => {
  it('"required for Admins": an Admin without it reaches only their account (pages, actions, /api) until set up; no one else is held', async () => {
    const admin = await person('admin');
    const cookie = await sessionCookie(admin.email, base());
    const token = await apiToken(admin.email);
    const mini = await person('mini');
    const miniCookie = await sessionCookie(mini.email, base());

    // Only the three choices, and only Admins.
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'all' })], cookie, '/Admin/Settings')).text).toContain(
      '"invalidChoice"',
    );
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'admins' })], miniCookie, '/Admin/Settings')).text).toContain(
      '"error":"forbidden"',
    );
    expect(await teamsPage(cookie)).not.toMatch(SENT_TO_ACCOUNT);
    expect((await addContact(cookie, 'before')).result).toEqual({ ok: true });

    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'admins' })], cookie, '/Admin/Settings')).text).toContain(
      '"ok":true',
    );
    // Pages: sent to the account page, which says why.
    expect(await teamsPage(cookie)).toMatch(SENT_TO_ACCOUNT);
    const account = await (await fetch(`${base()}/Admin/Account`, { headers: { Cookie: cookie } })).text();
    expect(account).toContain('data-testid="two-factor-required"');
    // Actions and routes: refused with the reason, nothing written.
    const refused = await addContact(cookie, 'under');
    expect(refused.result).toEqual({ ok: false, error: 'twoFactorSetupRequired' });
    expect(await written('under')).toBe(0);
    const exported = await fetch(`${base()}/Admin/InquiriesExport`, { headers: { Cookie: cookie } });
    expect(exported.status).toBe(403);
    // /api: the old client's token is refused the same way, with the sentence in its `message`.
    const viaApi = await apiWrite(token);
    expect(viaApi.status).toBe(403);
    expect(((await viaApi.json()) as { message: string }).message).toBe(en.errors.twoFactorSetupRequired);
    expect(await written('api')).toBe(0);
    // A Mini Admin is not covered by "Admins".
    expect(await teamsPage(miniCookie)).not.toMatch(SENT_TO_ACCOUNT);
    expect((await addContact(miniCookie, 'mini')).result).toEqual({ ok: true });

    // Their own account stays open: setting two-factor up is the way out.
    expect((await act('startTwoFactor', [null, form({})], cookie, '/Admin/Account')).result).toEqual({ ok: true });
    const page = await (await fetch(`${base()}/Admin/Account`, { headers: { Cookie: cookie } })).text();
    const key = (/data-testid="two-factor-key"[^>]*>([A-Z2-7 ]+)</.exec(page)?.[1] ?? '').replace(/ /g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const code = await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) });
    // Confirmed: its recovery codes, shown once.
    const confirmed = (await act('confirmTwoFactor', [null, form({ code })], cookie, '/Admin/Account')).result as {
      recoveryCodes?: string[];
    };
    expect(confirmed).toEqual({ ok: true, recoveryCodes: expect.any(Array) });
    expect(confirmed.recoveryCodes!.map((c) => /^[A-Z2-9]{5}-[A-Z2-9]{5}$/.test(c))).toEqual(Array(RECOVERY_CODE_COUNT).fill(true));

    // Set up: the back office opens again, in pages, actions and /api.
    expect(await teamsPage(cookie)).not.toMatch(SENT_TO_ACCOUNT);
    expect((await addContact(cookie, 'after')).result).toEqual({ ok: true });
    expect((await apiWrite(token)).status).toBe(201);

    // "Everyone": the Mini Admin is held now; "none" again: no one.
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'everyone' })], cookie, '/Admin/Settings')).text).toContain(
      '"ok":true',
    );
    expect((await addContact(miniCookie, 'mini-everyone')).result).toEqual({ ok: false, error: 'twoFactorSetupRequired' });
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'none' })], cookie, '/Admin/Settings')).text).toContain(
      '"ok":true',
    );
    expect((await addContact(miniCookie, 'mini-none')).result).toEqual({ ok: true });
  }, 120_000);
});
