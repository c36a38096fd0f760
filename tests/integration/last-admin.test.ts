import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { sessionCookie } from '../helpers/actions';
import { call } from '../helpers/api';
import { PASSWORD } from '../helpers/db';
import { ownServer } from '../helpers/own-server';

// The last Admin is protected: the old client's demote and delete are refused (409) and the Users
// screen says so on that person's card. Against a server and database of this file's own: being
// "the last Admin" means every other Admin demoted, which in the shared test database took the
// Admin menu away from another file's browser in the middle of its check (seen in a clean-clone run).

const own = ownServer('last_admin');

describe('the last Admin', () => {
  it('cannot be demoted or deleted through /api (409), and the Users screen marks the card; nothing changes', async () => {
    const base = own.base();
    // This database's only Admin (an Admin made at start-up, if any, demoted: the database is ours).
    await own.db().user.updateMany({ data: { isAdmin: false } });
    const admin = await own.db().user.create({
      data: { name: 'Only admin', email: 'only-admin@example.test', passwordHash: await hash(PASSWORD), isAdmin: true, isMiniAdmin: true },
    });
    const login = await call('/api/login', { base, form: { email: admin.email, password: PASSWORD } });
    expect(login.status).toBe(200);
    const token = login.data.token as string;

    const demote = await call(`/api/user/${admin.id}`, { base, token, form: { is_admin: '0', mine_admin: '1', _method: 'PUT' } });
    expect([demote.status, demote.data.message]).toEqual([409, en.errors.lastAdmin]);
    const del = await call(`/api/user/${admin.id}`, { base, token, method: 'DELETE' });
    expect([del.status, del.data]).toEqual([409, { message: en.errors.lastAdmin }]);
    expect(await own.db().user.findUniqueOrThrow({ where: { id: admin.id } })).toMatchObject({ isAdmin: true });

    // The screen: the Admin box cannot be unticked, the card says why, and it has no Delete.
    const html = await (await fetch(`${base}/Admin/Users`, { headers: { Cookie: await sessionCookie(admin.email, base) } })).text();
    const start = html.indexOf('data-email="only-admin@example.test"');
    expect(start, 'the only Admin has a card').toBeGreaterThan(0);
    // Up to the next card or the page's scripts (React's copy of the screen follows there).
    const ends = [html.indexOf('data-testid="user-card"', start), html.indexOf('<script', start)].filter((i) => i > 0);
    const card = html.slice(start, Math.min(...ends));
    expect(card).toMatch(/<input[^>]*disabled=""[^>]*data-testid="flag-admin"|<input[^>]*data-testid="flag-admin"[^>]*disabled=""/);
    expect(card).toContain(en.errors.lastAdmin);
    expect(card).not.toContain('data-testid="delete"');
  });
});
