import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '#test-transport';
import { DECLARED_LENGTH_HEADER } from '@/lib/http/declared-length';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';
import { invoke, itemCall, sessionCookie, userCall } from '../helpers/actions';
import { BASE, imageFile } from '../helpers/api';
import { makeUser, testDb, unique } from '../helpers/db';
import { archiveName, BACKUPS, finishedRun, linkOf, withFields } from '../helpers/admin-actions-fixtures';

// Every admin server action, called as a function in a request of its own (as a crafted request
// would reach it, whatever the screen shows), must be refused on the server for anonymous and
// pending callers (and Mini Admins for Users), and change nothing in the database; the same calls
// succeed for the right role; logout ends the session. Backups (issue 33): "Back up now" and
// Download refuse everyone but Admins, Download refuses an unknown or removed archive, and the
// download link's route (answered by its handler, the session read in the request's scope) opens
// the archive once, for its Admin, for minutes, and refuses odd tokens. What needs the built
// server (the manifest's action ids, the Content-Length the server in front sends for the
// archive, the Backups screen's no-script form, a server started without AUTH_SECRET) is
// tests/integration/admin-actions.test.ts.

// The archives' folder (lib/config.ts reads BACKUP_DIR on each use): this file's own.
const backupDir = mkdtempSync(path.join(os.tmpdir(), 'sevenstars-inproc-backups-'));
process.env.BACKUP_DIR = backupDir;

const cookies: Record<'anonymous' | 'pending' | 'mini' | 'admin' | 'otherAdmin', string> = {
  anonymous: '',
  pending: '',
  mini: '',
  admin: '',
  otherAdmin: '',
};
let adminId = 0;

beforeAll(async () => {
  const admin = await makeUser('admin');
  adminId = admin.id;
  cookies.admin = await sessionCookie(admin.email);
  cookies.otherAdmin = await sessionCookie((await makeUser('admin')).email);
  const mini = await makeUser('mini');
  cookies.mini = await sessionCookie(mini.email);
  // A session that was valid until the user went back to pending (flags changed in the database).
  const pending = await makeUser('mini');
  cookies.pending = await sessionCookie(pending.email);
  await testDb.user.update({ where: { id: pending.id }, data: { isMiniAdmin: false } });
});
afterAll(async () => {
  await testDb.$disconnect();
  rmSync(backupDir, { recursive: true, force: true });
});

async function snapshot() {
  const [team, services, slides, clients, users, flags] = await Promise.all([
    testDb.teamMember.findMany({ orderBy: { id: 'asc' } }),
    testDb.service.count(),
    testDb.slide.count(),
    testDb.client.count(),
    testDb.user.count(),
    testDb.user.findMany({ select: { id: true, isAdmin: true, isMiniAdmin: true }, orderBy: { id: 'asc' } }),
  ]);
  return JSON.stringify({ team, services, slides, clients, users, flags });
}

async function teamForm(name: string) {
  const form = new FormData();
  form.append('nameEn', name);
  form.append('detailsEn', 'd');
  form.append('jobTitleEn', 'j');
  form.append('image', await imageFile());
  return form;
}

describe('admin server actions are guarded on the server', () => {
  for (const who of ['anonymous', 'pending'] as const) {
    it(`content actions refuse ${who} callers and change nothing`, async () => {
      const victim = await testDb.teamMember.findFirstOrThrow();
      const before = await snapshot();
      const expected = who === 'anonymous' ? 'unauthenticated' : 'awaitingApproval';
      const results = [
        await invoke('saveItem', itemCall('team', null, await teamForm(unique('hack'))), cookies[who]),
        await invoke('saveItem', itemCall('team', victim.id, await teamForm('hacked')), cookies[who]),
        // The form as the browser posts it (no `js`): the same guard (its refusal comes back as the form's state).
        await invoke('saveItem', [null, withFields(await teamForm(unique('hack')), { itemArea: 'team' })], cookies[who]),
        await invoke(
          'saveItem',
          [null, withFields(await teamForm('hacked'), { itemArea: 'team', itemId: String(victim.id) })],
          cookies[who],
        ),
        await invoke('deleteItem', itemCall('team', victim.id), cookies[who]),
        await invoke('deleteItem', itemCall('slides', (await testDb.slide.findFirstOrThrow()).id), cookies[who]),
        await invoke('moveSlideTo', [(await testDb.slide.findFirstOrThrow()).id, 2], cookies[who]),
        await invoke('saveUserFlags', userCall(victim.id, { isAdmin: '1', isMiniAdmin: '1' }), cookies[who]),
        await invoke('deleteUser', userCall((await makeUser('pending')).id), cookies[who]),
      ];
      // The two posts without scripts (3rd and 4th) come back as the form's state: what was typed too.
      results.forEach((r, i) =>
        expect(r.result, `call ${i}`).toEqual({
          ok: false,
          error: expected,
          ...(i === 2 || i === 3 ? { values: expect.objectContaining({ jobTitleEn: 'j', detailsEn: 'd' }) } : {}),
        }),
      );
      const after = await snapshot();
      // Only the pending user made above for the deleteUser call differs.
      expect(JSON.parse(after).team).toEqual(JSON.parse(before).team);
      expect(JSON.parse(after).services).toBe(JSON.parse(before).services);
      expect(JSON.parse(after).slides).toBe(JSON.parse(before).slides);
      expect(JSON.parse(after).users).toBe(JSON.parse(before).users + 1);
    });
  }

  it('moving a slide to a place: odd arguments are a bad request, an unknown slide not found, nothing moved', async () => {
    const order = async () => (await testDb.slide.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] })).map((s) => s.id);
    const before = await order();
    const first = before[0]!;
    for (const args of [[first, 0], [first, 1.5], [first, '2'], [first], [-1, 1]])
      expect((await invoke('moveSlideTo', args, cookies.mini)).result).toEqual({ ok: false, error: 'badRequest' });
    expect((await invoke('moveSlideTo', [999999, 1], cookies.mini)).result).toEqual({ ok: false, error: 'notFound' });
    // Compared over the slides there at the start (another file may add one meanwhile).
    expect((await order()).filter((id) => before.includes(id))).toEqual(before);
  });

  it('user actions refuse a Mini Admin and change nothing', async () => {
    const target = await makeUser('pending');
    const before = await snapshot();
    const save = await invoke('saveUserFlags', userCall(target.id, { isAdmin: '1', isMiniAdmin: '1' }), cookies.mini);
    const del = await invoke('deleteUser', userCall(target.id), cookies.mini);
    expect(save.result).toEqual({ ok: false, error: 'forbidden' });
    expect(del.result).toEqual({ ok: false, error: 'forbidden' });
    // The settings (Admins only), also as posted without scripts.
    const settings = new FormData();
    settings.append('taglineEn', 'Mini was here');
    const plain = await invoke('saveSettings', [null, settings], cookies.mini, '/Admin/Settings');
    expect(plain.result).toEqual({ ok: false, error: 'forbidden', values: { taglineEn: 'Mini was here' } });
    expect(await testDb.siteSettings.findFirst({ where: { taglineEn: 'Mini was here' } })).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it('the same calls succeed for the right role (the test is not vacuous)', async () => {
    const name = unique('made-by-action');
    const created = await invoke('saveItem', itemCall('team', null, await teamForm(name)), cookies.mini);
    expect(created.result).toEqual({ ok: true });
    const row = await testDb.teamMember.findFirstOrThrow({ where: { nameEn: name } });
    const target = await makeUser('pending');
    expect((await invoke('saveUserFlags', userCall(target.id, { isMiniAdmin: '1' }), cookies.admin)).result).toEqual({ ok: true });
    expect(await testDb.user.findUniqueOrThrow({ where: { id: target.id } })).toMatchObject({ isMiniAdmin: true });
    expect((await invoke('deleteItem', itemCall('team', row.id), cookies.mini)).result).toEqual({ ok: true });
    expect(await testDb.teamMember.findUnique({ where: { id: row.id } })).toBeNull();
  });

  it('logout deletes the session: the same cookie is refused afterwards', async () => {
    const user = await makeUser('mini');
    const cookie = await sessionCookie(user.email);
    expect((await invoke('deleteItem', itemCall('team', 999999), cookie)).result).toEqual({ ok: false, error: 'notFound' });
    const out = await invoke('logout', [], cookie);
    expect(out.result).toEqual({ ok: true });
    // The session ends at once; the cookie is cleared 2 s later (endSession), after the toast.
    expect(out.setCookie.some((c) => c.startsWith('authjs.session-token='))).toBe(false);
    expect((await invoke('deleteItem', itemCall('team', 999999), cookie)).result).toEqual({ ok: false, error: 'unauthenticated' });
    expect(await testDb.apiToken.count({ where: { userId: user.id, kind: 'session' } })).toBe(0);
    const cleared = await invoke('endSession', [], cookie);
    expect(cleared.setCookie.find((c) => c.startsWith('authjs.session-token='))).toMatch(
      /authjs\.session-token=;|Max-Age=0|Expires=Thu, 01 Jan 1970/,
    );
  });
});

// Issue 33: "Back up now" and Download (lib/backups/actions.ts) and the download link's route
// (app/[locale]/Admin/Backups/Download/[token]) are the Admins'. The archive is a small file in
// this file's BACKUP_DIR under a finished run of its own (no real backup runs: the e2e spec makes
// those; no runner here, BACKUP_CRON=off).
describe('backups: Admins only, a download link once, for its Admin, for minutes', () => {
  const name = archiveName();
  const bytes = randomBytes(5000);
  let runId = 0;
  const form = (fields: Record<string, string>) => withFields(new FormData(), fields);
  /** The link's route, as the browser GETs it with the session cookie. */
  const get = (url: string, cookie: string) =>
    send(new Request(`${BASE}${url}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' }));
  const counts = async () => ({
    runs: await testDb.backupRun.count(),
    links: await testDb.backupLink.count(),
    requested: await testDb.activityLog.count({ where: { kind: 'backupRequested' } }),
  });

  beforeAll(async () => {
    writeFileSync(path.join(backupDir, name), bytes);
    runId = await finishedRun(name, bytes.length);
  });
  afterAll(async () => {
    // Its links go with it (on delete cascade).
    await testDb.backupRun.deleteMany({ where: { id: runId } });
  });

  for (const [who, code] of [
    ['anonymous', 'unauthenticated'],
    ['pending', 'awaitingApproval'],
    ['mini', 'forbidden'],
  ] as const) {
    it(`Back up now and Download refuse ${who} callers (${code}), with or without scripts; nothing is made`, async () => {
      const before = await counts();
      const requested = await invoke('requestBackupNow', [null, form({})], cookies[who], BACKUPS);
      expect(requested.result).toEqual({ ok: false, error: code });
      for (const js of [{ js: '1' }, {}] as Record<string, string>[]) {
        const download = await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'en', ...js })], cookies[who], BACKUPS);
        expect(download.result).toEqual({ ok: false, error: code });
        expect(download.redirect).toBe('');
      }
      expect(await counts()).toEqual(before);
      // The link's route: the same guard (a well-formed token, so only the session decides).
      const res = await get(`/Admin/Backups/Download/${'A'.repeat(43)}`, cookies[who]);
      expect(res.status).toBe(who === 'anonymous' ? 401 : 403);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.json()).toEqual({ message: en.errors[code] });
    });
  }

  // The Content-Length the server in front sends for it is the HTTP tier's half.
  it("an Admin's link opens the archive once, for that Admin alone; then 410 in the link's language (in-process half: the link's route)", async () => {
    const made = await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'en', js: '1' })], cookies.admin, BACKUPS);
    expect(made.result).toEqual({ ok: true, url: expect.stringMatching(/^\/Admin\/Backups\/Download\/[\w-]{43}$/) });
    const url = linkOf(made);
    expect(url).toMatch(/^\/Admin\/Backups\/Download\/[\w-]{43}$/);
    // Anyone else, even another Admin, and nobody signed in: refused, and the link stays unspent.
    expect((await get(url, cookies.otherAdmin)).status).toBe(410);
    expect((await get(url, cookies.mini)).status).toBe(403);
    expect((await get(url, '')).status).toBe(401);

    const res = await get(url, cookies.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    // The route hands its length on under a header of its own (Next drops a route's Content-Length).
    expect(res.headers.get(DECLARED_LENGTH_HEADER)).toBe(String(bytes.length));
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    const entries = await testDb.activityLog.findMany({ where: { kind: 'backupDownloaded', entityId: runId } });
    expect(entries.map((e) => [e.actorId, e.entity, e.detail])).toEqual([[adminId, 'backups', name]]);

    const again = await get(url, cookies.admin);
    expect(again.status).toBe(410);
    expect(again.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await again.text()).trim()).toBe(en.admin.backups.downloadLink.expired);

    // In Arabic: the link under /ar, and its refusal in Arabic.
    const arabic = linkOf(
      await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'ar', js: '1' })], cookies.admin, BACKUPS),
    );
    expect(arabic).toMatch(/^\/ar\/Admin\/Backups\/Download\/[\w-]{43}$/);
    expect((await get(arabic, cookies.admin)).status).toBe(200);
    const gone = await get(arabic, cookies.admin);
    expect(gone.status).toBe(410);
    expect((await gone.text()).trim()).toBe(ar.admin.backups.downloadLink.expired);
  });

  it('a link past its five minutes, an odd token, an unknown or removed archive: refused', async () => {
    // Past its time, and odd tokens: refused by the link's route.
    const url = linkOf(await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'en', js: '1' })], cookies.admin, BACKUPS));
    const token = url.split('/').at(-1)!;
    await testDb.backupLink.update({
      where: { tokenHash: createHash('sha256').update(token).digest('hex') },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await get(url, cookies.admin)).status).toBe(410);
    for (const odd of ['x', 'A'.repeat(44), `${'A'.repeat(42)}.`])
      expect((await get(`/Admin/Backups/Download/${odd}`, cookies.admin)).status).toBe(410);

    // Unknown and removed archives: refused by the action.
    const before = await counts();
    for (const run of ['abc', '0', '-1', '1.5', '2147483648', '999999999', ''])
      expect((await invoke('downloadBackup', [null, form({ run, locale: 'en', js: '1' })], cookies.admin, BACKUPS)).result, run).toEqual({
        ok: false,
        error: 'notFound',
      });
    // Removed by the retention rules: no Download any more.
    await testDb.backupRun.update({ where: { id: runId }, data: { prunedAt: new Date() } });
    try {
      expect(
        (await invoke('downloadBackup', [null, form({ run: String(runId), locale: 'en', js: '1' })], cookies.admin, BACKUPS)).result,
      ).toEqual({ ok: false, error: 'notFound' });
    } finally {
      await testDb.backupRun.update({ where: { id: runId }, data: { prunedAt: null } });
    }
    expect(await counts()).toEqual(before);
  });
});
