import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formCall, invoke, sessionCookie } from '../helpers/actions';
import { unique } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';

// Issue 37 item 4, in-process: the back office's redirect forms (lib/redirects/actions.ts) through
// the one guard and the write path (lib/redirects/write.ts): who may, what is refused (loops,
// chains, open redirects, the site's own addresses) with the field's reason and nothing written,
// a save over a newer version refused, each write in the activity log, and a path redirected
// leaving the 404 monitor. Serving them (two instances, within a second) and counting 404s under a
// flood are tests/integration/redirects.test.ts.

const cookies = { admin: '', mini: '', pending: '', anonymous: '' };
beforeAll(async () => {
  cookies.admin = await sessionCookie((await makeUser('admin')).email);
  cookies.mini = await sessionCookie((await makeUser('mini')).email);
  const pending = await makeUser('mini');
  cookies.pending = await sessionCookie(pending.email);
  await testDb.user.update({ where: { id: pending.id }, data: { isMiniAdmin: false } });
});
afterAll(() => testDb.$disconnect());

const save = (fields: Record<string, string | number>, cookie = cookies.mini) =>
  invoke('saveRedirectForm', formCall({ locale: 'en', status: '301', ...fields }), cookie);
const saved = async (fields: Record<string, string | number>, cookie = cookies.mini) => {
  const answer = await save(fields, cookie);
  expect(answer.redirect, JSON.stringify(answer.result)).toMatch(/^\/Admin\/Redirects\?saved=\d+$/);
  return testDb.redirect.findUniqueOrThrow({ where: { id: Number(answer.redirect.split('=')[1]) } });
};
const count = () => testDb.redirect.count();

describe('redirects: saved through the back office', () => {
  it('a Mini Admin saves one (its path normalised, matched in any case), changes it, deletes it; each logged', async () => {
    const name = unique('old-brochure');
    const row = await saved({ from: ` /${name}/ `, to: '/Services/led-screens', status: '302' });
    expect(row).toMatchObject({
      fromPath: `/${name}`,
      fromKey: `/${name}`.toLowerCase(),
      toUrl: '/Services/led-screens',
      status: 302,
      hits: 0,
    });
    const changed = await saved({
      id: row.id,
      version: row.updatedAt.toISOString(),
      from: `/${name}`,
      to: 'https://partner.example/x',
      status: '301',
    });
    expect(changed).toMatchObject({ id: row.id, toUrl: 'https://partner.example/x', status: 301 });
    const deleted = await invoke('deleteRedirectForm', formCall({ id: row.id, locale: 'ar' }), cookies.mini);
    expect(deleted.redirect).toBe('/ar/Admin/Redirects?deleted=1');
    expect(await testDb.redirect.findUnique({ where: { id: row.id } })).toBeNull();
    const log = await testDb.activityLog.findMany({ where: { entity: 'redirects', entityId: row.id }, orderBy: { id: 'asc' } });
    expect(log.map((entry) => [entry.kind, entry.changes])).toEqual([
      [
        'create',
        {
          from: { before: null, after: `/${name}` },
          to: { before: null, after: '/Services/led-screens' },
          status: { before: null, after: 302 },
        },
      ],
      ['update', { to: { before: '/Services/led-screens', after: 'https://partner.example/x' }, status: { before: 302, after: 301 } }],
      ['delete', {}],
    ]);
    expect(log[2]!.snapshot).toEqual({ from: `/${name}`, to: 'https://partner.example/x', status: 301 });
  });

  it('anonymous and pending callers are refused and nothing is written; a hostile id is a bad request', async () => {
    const before = await count();
    expect((await save({ from: `/${unique('x')}`, to: '/' }, cookies.anonymous)).result).toMatchObject({
      ok: false,
      error: 'unauthenticated',
    });
    expect((await save({ from: `/${unique('x')}`, to: '/' }, cookies.pending)).result).toMatchObject({
      ok: false,
      error: 'awaitingApproval',
    });
    for (const id of ['abc', '-1', '0', '1.5', '__proto__', '2147483648'])
      expect((await save({ id, from: `/${unique('x')}`, to: '/' })).result, id).toMatchObject({ ok: false, error: 'badRequest' });
    for (const status of ['303', '307', '', 'permanent'])
      expect((await save({ from: `/${unique('x')}`, to: '/', status })).result, status).toMatchObject({ ok: false, error: 'badRequest' });
    expect((await invoke('deleteRedirectForm', formCall({ id: 'abc', locale: 'en' }), cookies.mini)).redirect).toBe(
      '/Admin/Redirects?failed=badRequest',
    );
    expect(await count()).toBe(before);
  });

  it('loops and chains are refused when saved, with the reason under the field to change', async () => {
    const a = `/${unique('a')}`;
    const b = `/${unique('b')}`;
    const c = `/${unique('c')}`;
    await saved({ from: a, to: b });
    const before = await count();
    const refused = async (fields: Record<string, string>, field: string, code: string) =>
      expect((await save(fields)).result, JSON.stringify(fields)).toMatchObject({
        ok: false,
        error: 'invalid',
        fieldErrors: { [field]: [code] },
      });
    // a -> a; b -> a (a -> b -> a); the same through the site's full address; a second source of a.
    await refused({ from: c, to: c.toUpperCase() }, 'to', 'redirectLoop');
    await refused({ from: b, to: a }, 'to', 'redirectLoop');
    await refused({ from: b, to: `${process.env.SITE_URL ?? 'http://localhost:3000'}${a}` }, 'to', 'redirectLoop');
    await refused({ from: a.toUpperCase(), to: '/Services' }, 'from', 'redirectDuplicate');
    // c -> a while a is redirected (a chain); b -> c while a leads to b (a chain into b).
    await refused({ from: c, to: a }, 'to', 'redirectChainTo');
    await refused({ from: b, to: c }, 'from', 'redirectChainFrom');
    expect(await count()).toBe(before);
  });

  it('an open redirect, a script or a header through either field is refused, and the site’s own addresses cannot be redirected', async () => {
    const before = await count();
    for (const to of [
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'https:evil.example',
      'https://u:p@evil.example',
      '/x\r\nSet-Cookie: a=1',
    ])
      expect((await save({ from: `/${unique('o')}`, to })).result, to).toMatchObject({
        ok: false,
        error: 'invalid',
        fieldErrors: { to: ['redirectToInvalid'] },
      });
    for (const from of ['/Admin', '/ar/Admin/Users', '/api/home', '/LogIn', '/', '/ar'])
      expect((await save({ from, to: '/Services' })).result, from).toMatchObject({
        ok: false,
        fieldErrors: { from: ['redirectFromReserved'] },
      });
    expect((await save({ from: '//evil.example', to: '/Services' })).result).toMatchObject({
      fieldErrors: { from: ['redirectFromInvalid'] },
    });
    // What was typed comes back in the form, with the reason.
    expect((await save({ from: '/x?y=1', to: '/Services' })).result).toMatchObject({
      fieldErrors: { from: ['redirectFromQuery'] },
      values: { from: '/x?y=1', to: '/Services', status: '301' },
    });
    expect(await count()).toBe(before);
  });

  it('a save over a newer version is refused and changes nothing', async () => {
    const row = await saved({ from: `/${unique('v')}`, to: '/Services' });
    await saved({ id: row.id, version: row.updatedAt.toISOString(), from: row.fromPath, to: '/TheTeam' });
    const stale = await save({ id: row.id, version: row.updatedAt.toISOString(), from: row.fromPath, to: '/AboutUs' });
    expect(stale.result).toMatchObject({ ok: false, error: 'staleVersion' });
    expect((await testDb.redirect.findUniqueOrThrow({ where: { id: row.id } })).toUrl).toBe('/TheTeam');
  });

  it('a path given a redirect leaves the 404 monitor', async () => {
    const path = `/${unique('gone')}`;
    await testDb.notFoundPath.create({ data: { path, hits: 4 } });
    await saved({ from: path, to: '/Services' });
    expect(await testDb.notFoundPath.findUnique({ where: { path } })).toBeNull();
  });
});
