import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import ar from '../../messages/ar.json';
import { formCall, invoke, invokeWith, itemCall, leadCall, userCall } from '../helpers/actions';
import { call, imageFile, userWithToken } from '../helpers/api';
import { makeUser, PASSWORD, testDb, unique } from '../helpers/db';
import { adminAndMini, lastId, newest, restoreForm, serviceFields } from '../helpers/activity-fixtures';
import { RESTORE_DAYS } from '@/lib/activity/kinds';

// Issue 26, item 6: the activity log, in-process (the file's own database; /api answered by its
// route handlers, the back office's actions called as functions). Writes through /api and the
// back office are logged with who, from where and exactly which fields changed; a deleted item
// comes back from its entry (the restore action's redirect read as the signal it throws); sign-ins
// and refused sign-ins are logged with the client's address; and no entry can be changed: the
// database refuses it whoever asks, and no route or source file offers it. The rendered log
// screen, the image URLs, a form posted to the screen itself and the build's action list are
// the server's: tests/integration/activity.test.ts. The database is this file's own, discarded at
// its end, so nothing is cleaned up (nor the settings put back).

const DAY_MS = 24 * 60 * 60 * 1000;

let adminUser: Awaited<ReturnType<typeof makeUser>>;
let miniUser: Awaited<ReturnType<typeof makeUser>>;
let adminToken = '';
let miniToken = '';
let admin = '';
let mini = '';

beforeAll(async () => {
  ({ adminUser, miniUser, adminToken, miniToken, admin, mini } = await adminAndMini());
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
  const res = await invokeWith('restoreEntry', [form], { cookie, headers: { 'X-Forwarded-For': '192.0.2.44' } });
  // A plain form's action: it always answers by going back to the log.
  expect(res.status, String(entry)).toBe(303);
  return res.redirect;
}

describe('writes are logged with exact before and after values', () => {
  it("a Mini Admin's service update through /api: who, from where, and only the field changed", async () => {
    const service = await createService(miniToken, 'Stage rental');
    const created = await newest({ kind: 'create', entity: 'services', entityId: service.id });
    expect(created).toMatchObject({ actorId: miniUser.id, actorEmail: miniUser.email });
    expect(created!.changes).toMatchObject({
      titleEn: { before: null, after: 'Stage rental' },
      image: { before: null, after: service.image },
    });

    const since = await lastId();
    const res = await call(`/api/service/${service.id}`, {
      token: miniToken,
      ip: '198.51.100.23',
      form: { _method: 'PUT', ...serviceFields('Stage and truss rental') },
    });
    expect(res.status).toBe(200);
    const entry = await newest({ entity: 'services', entityId: service.id }, since);
    expect(entry).toMatchObject({
      kind: 'update',
      actorId: miniUser.id,
      actorName: miniUser.name,
      actorEmail: miniUser.email,
      address: '198.51.100.23',
    });
    // Unchanged fields sent again are not "changes".
    expect(entry!.changes).toEqual({ titleEn: { before: 'Stage rental', after: 'Stage and truss rental' } });
    expect(entry!.createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('the same through the back office, an image replaced is logged by its file names', async () => {
    const service = await createService(adminToken);
    const since = await lastId();
    const form = new FormData();
    form.append('descriptionEn', 'Mobile stages');
    form.append('image', await imageFile('new.png', 'png'));
    const res = await invokeWith('saveItem', itemCall('services', service.id, form), {
      cookie: mini,
      headers: { 'X-Forwarded-For': '198.51.100.24' },
    });
    expect(res.result).toEqual({ ok: true });
    const after = await testDb.service.findUniqueOrThrow({ where: { id: service.id } });
    const entry = await newest({ entity: 'services', entityId: service.id }, since);
    expect(entry).toMatchObject({ kind: 'update', actorId: miniUser.id, address: '198.51.100.24' });
    expect(entry!.changes).toEqual({
      descriptionEn: { before: 'Stages of every size', after: 'Mobile stages' },
      image: { before: service.image, after: after.image },
    });
  });

  it('a save that changes nothing writes no entry, and a refused one none either', async () => {
    const service = await createService(adminToken);
    const since = await lastId();
    const same = await call(`/api/service/${service.id}`, { token: adminToken, form: { _method: 'PUT', titel: service.titleEn } });
    expect(same.status).toBe(200);
    const refused = await call(`/api/service/${service.id}`, { token: adminToken, form: { _method: 'PUT', titel: '' } });
    expect(refused.status).toBe(422);
    const pending = await userWithToken('pending');
    expect((await call(`/api/service/${service.id}`, { token: pending.token, form: { _method: 'PUT', titel: 'x' } })).status).toBe(403);
    expect(await newest({ entity: 'services', entityId: service.id }, since)).toBeNull();
  });

  it("users' roles: a change of flags and a deletion, never a password hash", async () => {
    const target = await makeUser('pending');
    let since = await lastId();
    expect((await invoke('saveUserFlags', userCall(target.id, { isMiniAdmin: '1' }), admin, '/Admin/Users')).result).toEqual({ ok: true });
    const approved = await newest({ entity: 'users', entityId: target.id }, since);
    expect(approved).toMatchObject({ kind: 'approval', actorId: adminUser.id });
    expect(approved!.changes).toEqual({ isMiniAdmin: { before: false, after: true } });

    since = await lastId();
    expect((await call(`/api/user/${target.id}`, { method: 'DELETE', token: adminToken })).status).toBe(200);
    const deleted = await newest({ entity: 'users', entityId: target.id }, since);
    expect(deleted).toMatchObject({ kind: 'delete', actorId: adminUser.id, snapshot: null });
    expect(deleted!.changes).toEqual({
      name: { before: target.name, after: null },
      email: { before: target.email, after: null },
      isAdmin: { before: false, after: null },
      isMiniAdmin: { before: true, after: null },
    });
    const all = JSON.stringify(await testDb.activityLog.findMany({ where: { entity: 'users' } }));
    expect(all).not.toContain(target.passwordHash);
    expect(all).not.toMatch(/passwordHash|password_hash|\$argon2/);
  });

  it('a sign-up through /api is logged as the account it creates, from its address', async () => {
    const email = `${unique('signup')}@example.test`;
    const since = await lastId();
    const res = await call('/api/register', {
      ip: '198.51.100.77',
      form: { name: 'New Person', email, password: 'a long password 1', password_confirmation: 'a long password 1' },
    });
    expect(res.status, JSON.stringify(res.data)).toBeLessThan(300);
    const user = await testDb.user.findUniqueOrThrow({ where: { email } });
    const entry = await newest({ kind: 'create', entity: 'users', entityId: user.id }, since);
    expect(entry).toMatchObject({ actorId: user.id, address: '198.51.100.77' });
    expect(entry!.changes).toEqual({ name: { before: null, after: 'New Person' }, email: { before: null, after: email } });
  });

  // That the build's manifest holds the status action is the HTTP tier's half of this test.
  it('inquiry status and notes (in-process half: the actions and their entries)', async () => {
    const inquiry = await testDb.inquiry.create({ data: { name: unique('Guest'), eventType: 'other', city: 'dubai' } });
    const since = await lastId();
    const act = (name: string, args: unknown[]) => invokeWith(name, args, { cookie: mini });
    expect((await act('saveInquiryStatus', leadCall(inquiry.id, { status: 'quoted' }))).result).toEqual({ ok: true });
    expect((await act('addNote', leadCall(inquiry.id, { text: 'Called back, sent a quote' }))).result).toEqual({ ok: true });
    const entries = await testDb.activityLog.findMany({
      where: { entity: 'inquiries', entityId: inquiry.id, id: { gt: since } },
      orderBy: { id: 'asc' },
    });
    expect(entries.map((e) => [e.kind, e.actorId, e.changes])).toEqual([
      ['update', miniUser.id, { status: { before: 'new', after: 'quoted' } }],
      ['update', miniUser.id, { note: { before: null, after: 'Called back, sent a quote' } }],
    ]);
    expect((await act('deleteInquiry', leadCall(inquiry.id))).result).toEqual({ ok: true });
    expect(await newest({ kind: 'delete', entity: 'inquiries', entityId: inquiry.id }, since)).toMatchObject({ actorId: miniUser.id });
  });

  it('settings: the retention is a setting (30 to 3650 days, told in both languages), its change logged', async () => {
    const save = (value: string) => {
      const form = new FormData();
      form.append('activityRetentionDays', value);
      return invoke('saveSettings', formCall({}, form), admin, '/Admin/Settings');
    };
    for (const bad of ['10', '3651', '1e3', '-40', 'ninety'])
      expect((await save(bad)).result, bad).toEqual({
        ok: false,
        error: 'invalid',
        fieldErrors: { activityRetentionDays: ['invalidRetention'] },
      });
    expect(en.admin.settings.errors.invalidRetention).toContain('30');
    expect(ar.admin.settings.errors.invalidRetention).toMatch(/[\u0600-\u06FF]/);
    const before = (await testDb.siteSettings.findUnique({ where: { id: 1 } }))?.activityRetentionDays ?? 365;
    const since = await lastId();
    expect((await save('400')).result).toEqual({ ok: true });
    expect((await newest({ entity: 'settings' }, since))!.changes).toEqual({ activityRetentionDays: { before, after: 400 } });
    // The database holds the same bounds, whoever writes.
    await expect(testDb.$executeRawUnsafe('UPDATE site_settings SET activity_retention_days = 5 WHERE id = 1')).rejects.toThrow();
    expect((await save(String(before))).result).toEqual({ ok: true });
  });
});

describe('a deleted item is restored from its entry, with its image', () => {
  // That its image is served, then not, then again, and what the log screen offers, is the HTTP tier's half.
  it('delete, then Restore: the same row under the same id, and its image answers again (in-process half: the row, its entries, the restore action)', async () => {
    const service = await createService(adminToken);
    const since = await lastId();
    expect((await call(`/api/service/${service.id}`, { method: 'DELETE', token: miniToken, ip: '198.51.100.30' })).status).toBe(200);
    expect(await testDb.service.findUnique({ where: { id: service.id } })).toBeNull();
    const deleted = await newest({ kind: 'delete', entity: 'services', entityId: service.id }, since);
    expect(deleted).toMatchObject({ actorId: miniUser.id, address: '198.51.100.30' });
    expect(deleted!.changes).toMatchObject({
      titleEn: { before: service.titleEn, after: null },
      image: { before: service.image, after: null },
    });

    // A Mini Admin cannot restore (Admins only); nothing comes back.
    expect(await restore(deleted!.id, mini)).toContain('restoreError=forbidden');
    expect(await restore(deleted!.id, '')).toContain('restoreError=unauthenticated');
    expect(await testDb.service.findUnique({ where: { id: service.id } })).toBeNull();

    const to = await restore(deleted!.id, admin);
    // Back to the log, its filter kept, saying so.
    expect(to).toContain('/Admin/Activity?kind=delete');
    expect(to).toContain(`restored=${deleted!.id}`);
    const back = await testDb.service.findUniqueOrThrow({ where: { id: service.id } });
    expect({ ...back, updatedAt: null }).toEqual({ ...service, updatedAt: null });
    expect((await call(`/api/service/${service.id}`, { token: adminToken })).status).toBe(200);
    const restored = await newest({ kind: 'restore', entity: 'services', entityId: service.id }, since);
    expect(restored).toMatchObject({ actorId: adminUser.id, restoresId: deleted!.id, address: '192.0.2.44' });

    // Once only.
    expect(await restore(deleted!.id, admin)).toContain('restoreError=alreadyRestored');
  });

  it(`refused clearly: after ${RESTORE_DAYS} days, when its id is taken, for an entry that is not a delete`, async () => {
    const taken = await createService(adminToken);
    const old = await testDb.activityLog.create({
      data: {
        kind: 'delete',
        entity: 'services',
        entityId: 2_000_000_001,
        snapshot: { ...taken, id: 2_000_000_001, createdAt: taken.createdAt.toISOString(), updatedAt: taken.updatedAt.toISOString() },
        createdAt: new Date(Date.now() - (RESTORE_DAYS + 1) * DAY_MS),
      },
    });
    expect(await restore(old.id, admin)).toContain('restoreError=restoreExpired');
    expect(await testDb.service.findUnique({ where: { id: 2_000_000_001 } })).toBeNull();

    const clash = await testDb.activityLog.create({
      data: {
        kind: 'delete',
        entity: 'services',
        entityId: taken.id,
        snapshot: { ...taken, titleEn: 'older', createdAt: taken.createdAt.toISOString(), updatedAt: taken.updatedAt.toISOString() },
      },
    });
    expect(await restore(clash.id, admin)).toContain('restoreError=restoreIdTaken');
    expect((await testDb.service.findUniqueOrThrow({ where: { id: taken.id } })).titleEn).toBe(taken.titleEn);

    const update = await testDb.activityLog.findFirstOrThrow({ where: { kind: 'update' } });
    for (const entry of [update.id, 2147483647, 'abc', '-1'])
      expect(await restore(entry, admin), String(entry)).toMatch(/restoreError=(notFound|badRequest)/);
    // Each refusal in words, in both languages.
    for (const code of ['restoreExpired', 'alreadyRestored', 'restoreIdTaken', 'restoreConflict', 'notFound'] as const) {
      expect(en.admin.activity.errors[code]).toBeTruthy();
      expect(ar.admin.activity.errors[code]).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe('sign-ins', () => {
  // How the log screen shows the refusal is the HTTP tier's half.
  it('a refused sign-in is logged with its address and the e-mail typed, never the password (in-process half: the entries)', async () => {
    const since = await lastId();
    const email = adminUser.email;
    const res = await call('/api/login', { ip: '203.0.113.9', form: { email, password: 'not the password 123' } });
    expect(res.status).toBe(401);
    const entry = await newest({ kind: 'signInRefused' }, since);
    expect(entry).toMatchObject({ address: '203.0.113.9', actorId: null, detail: `invalidCredentials ${email}` });
    expect(JSON.stringify(entry)).not.toContain('not the password');

    // The sign-in form (Auth.js) the same way.
    const form = new FormData();
    form.append('email', 'nobody-here@example.test');
    form.append('password', 'wrong wrong wrong');
    form.append('js', '1');
    const refused = await invokeWith('login', [null, form], { page: '/LogIn', headers: { 'X-Forwarded-For': '203.0.113.10' } });
    expect(refused.result).toEqual({ ok: false, error: 'invalidCredentials', values: { email: 'nobody-here@example.test' } });
    expect(await newest({ kind: 'signInRefused', address: '203.0.113.10' }, since)).toMatchObject({
      detail: 'invalidCredentials nobody-here@example.test',
    });
  });

  it('a sign-in is logged with the person and the address', async () => {
    const user = await makeUser('mini');
    const since = await lastId();
    expect((await call('/api/login', { ip: '203.0.113.11', form: { email: user.email, password: PASSWORD } })).status).toBe(200);
    expect(await newest({ kind: 'signIn', actorId: user.id }, since)).toMatchObject({ address: '203.0.113.11', actorEmail: user.email });
  });
});

describe('entries cannot be changed', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const entry = await testDb.activityLog.findFirstOrThrow({ where: { kind: 'signInRefused' }, orderBy: { id: 'desc' } });
    await expect(testDb.$executeRawUnsafe(`UPDATE activity_log SET address = '0.0.0.0' WHERE id = ${entry.id}`)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(testDb.activityLog.update({ where: { id: entry.id }, data: { detail: 'edited' } })).rejects.toThrow();
    await expect(testDb.$executeRawUnsafe(`DELETE FROM activity_log WHERE id = ${entry.id}`)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(testDb.activityLog.deleteMany({})).rejects.toThrow();
    await expect(testDb.$executeRawUnsafe('TRUNCATE activity_log')).rejects.toThrow(/cannot be changed or deleted/);
    expect(await testDb.activityLog.findUniqueOrThrow({ where: { id: entry.id } })).toEqual(entry);
  });

  it('only entries past the retention can be deleted: what the purge does', async () => {
    const young = await testDb.activityLog.create({ data: { kind: 'signIn', createdAt: new Date(Date.now() - 364 * DAY_MS) } });
    const old = await testDb.activityLog.create({ data: { kind: 'signIn', createdAt: new Date(Date.now() - 366 * DAY_MS) } });
    // The purge's own statement (lib/activity/retention.ts).
    const source = readFileSync(path.resolve('lib/activity/retention.ts'), 'utf8');
    const statement = /\$executeRaw`([^`]+)`/.exec(source)![1]!;
    await testDb.$executeRawUnsafe(statement);
    expect(await testDb.activityLog.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await testDb.activityLog.findUnique({ where: { id: young.id } })).not.toBeNull();
  });

  // A form posted to the screen itself and the build's actions by name are the HTTP tier's half.
  it('no route or action edits an entry: none exists, and every way in leaves entries as they were (in-process half: the routes, the restore action, the source)', async () => {
    const before = await testDb.activityLog.findMany({ orderBy: { id: 'asc' } });
    const id = before.at(-1)!.id;
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const target of ['/api/activity', `/api/activity/${id}`, '/api/activity_log', `/api/activitylog/${id}`]) {
        const res = await call(target, {
          method,
          token: adminToken,
          ...(method === 'GET' || method === 'DELETE' ? {} : { json: { kind: 'x' } }),
        });
        expect([404, 405], `${method} ${target}`).toContain(res.status);
      }
    }
    // The one action of the log restores; given another entry, it refuses and changes nothing.
    expect(await restore(id, admin)).toMatch(/restoreError=/);
    // And no source file writes to the table other than by adding an entry (and the purge).
    const writes: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (name === 'generated' || name === 'node_modules') continue;
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name)) {
          const text = readFileSync(full, 'utf8');
          if (/activityLog\.(update|updateMany|upsert|delete|deleteMany)\b|UPDATE\s+"?activity_log/i.test(text)) writes.push(full);
          if (/DELETE FROM "?activity_log/i.test(text) && !full.endsWith(path.join('lib', 'activity', 'retention.ts'))) writes.push(full);
        }
      }
    };
    for (const dir of ['app', 'lib', 'components', 'server', 'scripts']) walk(path.resolve(dir));
    expect(writes).toEqual([]);
    const after = await testDb.activityLog.findMany({ where: { id: { lte: id } }, orderBy: { id: 'asc' } });
    expect(after).toEqual(before);
  });
});
