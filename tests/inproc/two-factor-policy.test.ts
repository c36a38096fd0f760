import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { send } from '#test-transport';
import en from '@/messages/en.json';
import { formCall, invoke, itemCall, sessionCookie } from '../helpers/actions';
import { BASE } from '../helpers/api';
import { PASSWORD, testDb } from '../helpers/db';
import { decryptSecret, RECOVERY_CODE_COUNT } from '@/lib/auth/two-factor';
import { form } from '../helpers/two-factor';
import { personData } from '../helpers/two-factor-policy-fixtures';

// Issue 26, item 4: the Admins' two-factor policy, enforced by the one guard. A person it covers
// who has not set two-factor up may use only their own account (to set it up) — in the back
// office's server actions, /api and the back office's routes (the inbox's CSV export) — until they
// do. In-process: the actions called as functions, /api and the export answered by their route
// handlers (the export reads the session cookie in the request's scope), on this file's own
// database (turning the policy on cannot refuse another file's Admins). The key an authenticator
// app would scan is read from the row, as the account page decrypts it to show it. The back
// office's pages (sent to the account page, the account page's words and key, the settings
// screen's form) are tests/integration/two-factor-policy.test.ts.

let counter = 0;
async function person(role: 'admin' | 'mini') {
  return testDb.user.create({ data: await personData(role, ++counter) });
}

const act = (name: string, args: unknown[], cookie: string, page?: string) => invoke(name, args, cookie, page);
/** A content write through the back office's action: a new contact card, `name` its e-mail's local part. */
const addContact = (cookie: string, name: string) =>
  act('saveItem', itemCall('contacts', null, form({ phone: '+971 4 000 0000', email: `${name}@example.test` })), cookie);
const written = (name: string) => testDb.contact.count({ where: { email: `${name}@example.test` } });
/** The same through the old client's /api with a bearer token from /api/login. */
async function apiToken(email: string): Promise<string> {
  const res = await send(
    new Request(`${BASE}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}
const apiWrite = (token: string) =>
  send(
    new Request(`${BASE}/api/contact`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ phone: '+971 4 000 0000', email: 'api@example.test' }),
    }),
  );

describe('the settings form on a fresh install (first: this database has no settings row yet)', () => {
  it('a form read before the row existed still saves after the policy switch made the row; once a value is saved, it is stale (the actions half)', async () => {
    const admin = await person('admin');
    const cookie = await sessionCookie(admin.email);
    expect(await testDb.siteSettings.findUnique({ where: { id: 1 } })).toBeNull();

    // Another screen's switch creates the row (here the two-factor policy, left at "none").
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'none' })], cookie, '/Admin/Settings')).result).toEqual({
      ok: true,
    });
    expect(await testDb.siteSettings.count()).toBe(1);
    // The version the screen's form carries while there is no row.
    const save = (taglineEn: string) => act('saveSettings', formCall({}, form({ version: 'none', taglineEn })), cookie, '/Admin/Settings');
    expect((await save('First tagline')).result).toEqual({ ok: true });
    expect((await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } })).taglineEn).toBe('First tagline');

    // A second form read at the same time would now overwrite that: refused, nothing changed.
    const stale = (await save('Second tagline')).result;
    const row = await testDb.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
    // The answer holds the row as saved now (its version: its updated_at), for the form to show.
    expect(stale).toEqual({
      ok: false,
      error: 'staleVersion',
      status: 409,
      conflict: {
        version: row.updatedAt.toISOString(),
        values: {
          companyNameEn: '',
          companyNameAr: '',
          aboutEn: '',
          aboutAr: '',
          taglineEn: 'First tagline',
          taglineAr: '',
          titleSuffixEn: '',
          titleSuffixAr: '',
          descriptionEn: '',
          descriptionAr: '',
          privacyEn: '',
          privacyAr: '',
          figuresEn: '',
          figuresAr: '',
          showreelUrl: '',
          inquiryRecipients: '',
          whatsapp: '',
          activityRetentionDays: '365',
        },
      },
    });
    expect(row.taglineEn).toBe('First tagline');
  });
});

describe('the two-factor policy', () => {
  it('"required for Admins": an Admin without it reaches only their account (pages, actions, /api) until set up; no one else is held (the actions, /api and export route half)', async () => {
    const admin = await person('admin');
    const cookie = await sessionCookie(admin.email);
    const token = await apiToken(admin.email);
    const mini = await person('mini');
    const miniCookie = await sessionCookie(mini.email);

    // Only the three choices, and only Admins.
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'all' })], cookie, '/Admin/Settings')).result).toEqual({
      ok: false,
      error: 'invalid',
      fieldErrors: { twoFactorPolicy: ['invalidChoice'] },
    });
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'admins' })], miniCookie, '/Admin/Settings')).result).toEqual({
      ok: false,
      error: 'forbidden',
    });
    expect((await addContact(cookie, 'before')).result).toEqual({ ok: true });

    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'admins' })], cookie, '/Admin/Settings')).result).toEqual({
      ok: true,
    });
    // Actions: refused with the reason, nothing written.
    const refused = await addContact(cookie, 'under');
    expect(refused.result).toEqual({ ok: false, error: 'twoFactorSetupRequired' });
    expect(await written('under')).toBe(0);
    // /api: the old client's token is refused the same way, with the sentence in its `message`.
    const viaApi = await apiWrite(token);
    expect(viaApi.status).toBe(403);
    expect(((await viaApi.json()) as { message: string }).message).toBe(en.errors.twoFactorSetupRequired);
    expect(await written('api')).toBe(0);
    // Routes: refused.
    const exported = await send(new Request(`${BASE}/Admin/InquiriesExport`, { headers: { Cookie: cookie } }));
    expect(exported.status).toBe(403);
    expect(await exported.json()).toEqual({ message: en.errors.twoFactorSetupRequired });
    // A Mini Admin is not covered by "Admins".
    expect((await addContact(miniCookie, 'mini')).result).toEqual({ ok: true });

    // Their own account stays open: setting two-factor up is the way out.
    expect((await act('startTwoFactor', [null, form({})], cookie, '/Admin/Account')).result).toEqual({ ok: true });
    // The key the account page shows (it decrypts the stored secret the same way).
    const key = decryptSecret((await testDb.user.findUniqueOrThrow({ where: { id: admin.id } })).twoFactorSecret) ?? '';
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    const code = await generate({ secret: key, epoch: Math.floor(Date.now() / 1000) });
    // Confirmed: its recovery codes, shown once.
    const confirmed = (await act('confirmTwoFactor', [null, form({ code })], cookie, '/Admin/Account')).result as {
      recoveryCodes?: string[];
    };
    expect(confirmed).toEqual({ ok: true, recoveryCodes: expect.any(Array) });
    expect(confirmed.recoveryCodes!.map((c) => /^[A-Z2-9]{5}-[A-Z2-9]{5}$/.test(c))).toEqual(Array(RECOVERY_CODE_COUNT).fill(true));

    // Set up: the back office opens again, in actions and /api.
    expect((await addContact(cookie, 'after')).result).toEqual({ ok: true });
    expect((await apiWrite(token)).status).toBe(201);
    expect((await send(new Request(`${BASE}/Admin/InquiriesExport`, { headers: { Cookie: cookie } }))).status).toBe(200);

    // "Everyone": the Mini Admin is held now; "none" again: no one.
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'everyone' })], cookie, '/Admin/Settings')).result).toEqual({
      ok: true,
    });
    expect((await addContact(miniCookie, 'mini-everyone')).result).toEqual({ ok: false, error: 'twoFactorSetupRequired' });
    expect((await act('saveTwoFactorSetting', [null, form({ twoFactorPolicy: 'none' })], cookie, '/Admin/Settings')).result).toEqual({
      ok: true,
    });
    expect((await addContact(miniCookie, 'mini-none')).result).toEqual({ ok: true });
  });
});
