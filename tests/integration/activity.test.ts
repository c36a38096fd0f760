import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { ACTIONS, encode, INQUIRY_ACTIONS } from '../helpers/transport-http';
import { invokeWith, itemCall } from '../helpers/actions';
import { BASE, call, imageFile } from '../helpers/api';
import { deleteContentAddedByThisFile } from '../helpers/content-cleanup';
import { testDb, unique, type makeUser } from '../helpers/db';
import { adminAndMini, lastId, newest, restoreForm, serviceFields } from '../helpers/activity-fixtures';

// Issue 26, item 6: the activity log, the parts that need the real server. The log itself (who,
// from where, which fields; restore from an entry; sign-ins; entries that cannot be changed) is
// tests/inproc/activity.test.ts. Here: the rendered /Admin/Activity screen (who may see it, its
// filters, the Restore it offers once, a refusal shown in words), a deleted item's image URL
// (served through next.config's rewrite to the media route) gone and back, a form posted to the
// screen itself, and the build's manifest (the actions there are, by name). Pages render and
// rewrites apply only in a built server, and action ids exist only in its manifest.

deleteContentAddedByThisFile();

let miniUser: Awaited<ReturnType<typeof makeUser>>;
let adminToken = '';
let miniToken = '';
let admin = '';
let mini = '';

beforeAll(async () => {
  ({ miniUser, adminToken, miniToken, admin, mini } = await adminAndMini());
});
afterAll(() => testDb.$disconnect());

async function createService(token: string, title = unique('Stage')) {
  const res = await call('/api/service', { token, form: { ...serviceFields(title), img_ser: await imageFile('stage.jpg') } });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return testDb.service.findUniqueOrThrow({ where: { id: res.data.id as number } });
}

/** The restore action as the log's form posts it; answers where it redirects to. */
async function restore(entry: number | string, cookie: string, locale = 'en') {
  const form = restoreForm(entry, locale);
  const { body } = encode([form]);
  const res = await fetch(`${BASE}/Admin/Activity`, {
    method: 'POST',
    headers: {
      'Next-Action': ACTIONS.restoreEntry!,
      Accept: 'text/x-component',
      Origin: BASE,
      'X-Forwarded-For': '192.0.2.44',
      Cookie: cookie,
    },
    body,
    redirect: 'manual',
  });
  await res.text();
  return res.headers.get('x-action-redirect') ?? res.headers.get('location') ?? '';
}

describe('writes are logged with exact before and after values', () => {
  // The actions and the entries they write are the in-process tier's half.
  it("inquiry status and notes (server half: the status action is in the build's manifest)", () => {
    expect(INQUIRY_ACTIONS.saveInquiryStatus).toBeTruthy();
  });
});

describe('a deleted item is restored from its entry, with its image', () => {
  // The row, its entry and the restore action's refusals are the in-process tier's half.
  it('delete, then Restore: the same row under the same id, and its image answers again (server half: the image URL, the screen offers Restore once)', async () => {
    const service = await createService(adminToken);
    const imageUrl = `/servimges/${service.image}`;
    expect((await fetch(`${BASE}${imageUrl}`)).status).toBe(200);
    const since = await lastId();
    expect((await call(`/api/service/${service.id}`, { method: 'DELETE', token: miniToken, ip: '198.51.100.30' })).status).toBe(200);
    // Its image is in the trash now: no longer served, kept for the restore.
    expect((await fetch(`${BASE}${imageUrl}`)).status).toBe(404);
    const deleted = await newest({ kind: 'delete', entity: 'services', entityId: service.id }, since);
    expect(deleted).toMatchObject({ actorId: miniUser.id });

    // The log offers Restore for it.
    const offered = await (await fetch(`${BASE}/Admin/Activity?entity=services&kind=delete`, { headers: { Cookie: admin } })).text();
    expect(offered).toMatch(new RegExp(`name="entry" value="${deleted!.id}"`));

    expect(await restore(deleted!.id, admin)).toContain(`restored=${deleted!.id}`);
    expect((await fetch(`${BASE}${imageUrl}`)).status).toBe(200);

    // Once only; the screen says it was restored and offers no second Restore for it.
    const html = await (await fetch(`${BASE}/Admin/Activity?entity=services&kind=delete`, { headers: { Cookie: admin } })).text();
    // (By attributes naming the entry: the page streams, so an entry's parts need not be adjacent.)
    expect(html).toContain(`data-entry="${deleted!.id}"`);
    expect(html).toContain(`data-restored="${deleted!.id}"`);
    expect(html).not.toMatch(new RegExp(`name="entry" value="${deleted!.id}"`));
  });
});

describe('sign-ins', () => {
  // The entries (from /api/login and the sign-in form) are the in-process tier's half.
  it('a refused sign-in is logged with its address and the e-mail typed, never the password (server half: the screen shows it in words, filtered by kind)', async () => {
    const since = await lastId();
    const form = new FormData();
    form.append('email', 'nobody-here@example.test');
    form.append('password', 'wrong wrong wrong');
    form.append('js', '1');
    const refused = await invokeWith('login', [null, form], { page: '/LogIn', headers: { 'X-Forwarded-For': '203.0.113.10' } });
    expect(refused.result).toEqual({ ok: false, error: 'invalidCredentials', values: { email: 'nobody-here@example.test' } });
    expect(await newest({ kind: 'signInRefused', address: '203.0.113.10' }, since)).toMatchObject({
      detail: 'invalidCredentials nobody-here@example.test',
    });

    // The screen shows it, in words, filtered by kind.
    const html = await (await fetch(`${BASE}/Admin/Activity?kind=signInRefused`, { headers: { Cookie: admin } })).text();
    expect(html).toContain('203.0.113.10');
    expect(html).toContain(en.errors.invalidCredentials);
    expect(html).not.toContain('data-testid="activity-changes"');
  });
});

describe('entries cannot be changed', () => {
  // The routes, the restore action and the source files are the in-process tier's half.
  it("no route or action edits an entry: none exists, and every way in leaves entries as they were (server half: a form posted to the screen, the build's actions by name)", async () => {
    const before = await testDb.activityLog.findMany({ orderBy: { id: 'asc' } });
    const id = before.at(-1)!.id;
    // A form posted to the screen itself (no action) is not a write.
    const posted = await fetch(`${BASE}/Admin/Activity`, {
      method: 'POST',
      headers: { Cookie: admin, Origin: BASE, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `id=${id}&kind=edited&_method=PUT`,
    });
    expect(posted.status).toBeLessThan(500);
    // Every action there is, by name: none but the restore touches the log.
    const names = [...Object.keys(ACTIONS), ...Object.keys(INQUIRY_ACTIONS)];
    expect(names.filter((name) => /activity|entry|log/i.test(name)).sort()).toEqual(['login', 'loginWithCode', 'logout', 'restoreEntry']);
    const after = await testDb.activityLog.findMany({ where: { id: { lte: id } }, orderBy: { id: 'asc' } });
    expect(after).toEqual(before);
  });
});

describe('the screen', () => {
  // What the filters are shown on: the Mini Admin's two service updates of today, one through
  // /api and one through the back office (the in-process tier checks their entries).
  beforeAll(async () => {
    const service = await createService(miniToken, 'Stage rental');
    const res = await call(`/api/service/${service.id}`, {
      token: miniToken,
      form: { _method: 'PUT', ...serviceFields('Stage and truss rental') },
    });
    expect(res.status).toBe(200);
    const form = new FormData();
    form.append('descriptionEn', 'Mobile stages');
    expect((await invokeWith('saveItem', itemCall('services', service.id, form), { cookie: mini })).result).toEqual({ ok: true });
  });

  it('is for Admins: a Mini Admin is told so, a visitor is sent to sign in', async () => {
    const asMini = await (await fetch(`${BASE}/Admin/Activity`, { headers: { Cookie: mini } })).text();
    expect(asMini).toContain('data-testid="forbidden"');
    expect(asMini).not.toContain('data-testid="activity-entries"');
    const anonymous = await fetch(`${BASE}/Admin/Activity`, { redirect: 'manual' });
    expect([302, 303, 307, 308]).toContain(anonymous.status);
  });
  it('filters by person, item type, kind and dates; odd filter values are ignored, never an error', async () => {
    const today = new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
    const html = await (
      await fetch(`${BASE}/Admin/Activity?person=${miniUser.id}&entity=services&kind=update&from=${today}&to=${today}`, {
        headers: { Cookie: admin },
      })
    ).text();
    const entries = html.match(/data-testid="activity-entry"/g) ?? [];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(html).toContain('Stage and truss rental');
    // Every entry shown is an update (its kind's badge), and the Mini Admin's.
    const kinds = [...html.matchAll(/data-testid="activity-kind">([^<]+)</g)].map((m) => m[1]);
    expect(kinds).toEqual(entries.map(() => en.admin.activity.kinds.update));
    const who = [...html.matchAll(/data-testid="activity-entry"[\s\S]*?<bdi dir="ltr"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(new Set(who)).toEqual(new Set([miniUser.email]));
    const none = await (await fetch(`${BASE}/Admin/Activity?person=${miniUser.id}&to=2000-01-01`, { headers: { Cookie: admin } })).text();
    expect(none).toContain('data-testid="activity-empty"');
    for (const odd of [
      'page=-1',
      'page=1e9',
      'from=2026-02-30',
      'kind=__proto__',
      'entity=constructor',
      'person=abc',
      'restoreError=%3Cscript%3E',
      'page=1&page=2',
    ]) {
      const res = await fetch(`${BASE}/Admin/Activity?${odd}`, { headers: { Cookie: admin } });
      expect(res.status, odd).toBe(200);
      // A refusal's code comes from the URL only as a code: free text there shows no notice.
      expect(await res.text(), odd).not.toContain('data-testid="activity-notice"');
    }
    const arabic = await (await fetch(`${BASE}/ar/Admin/Activity`, { headers: { Cookie: admin } })).text();
    expect(arabic).toContain(ar.admin.activity.title);
  });
});
