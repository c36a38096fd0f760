import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { sessionCookie } from '../helpers/actions';
import { PASSWORD } from '../helpers/db';
import { ownServer } from '../helpers/own-server';

// The last Admin's card on the Users screen: its Admin box cannot be unticked, it says why, and it
// has no Delete. A rendered page, so over HTTP against the production server; /api's 409s for the
// same person are tests/inproc/last-admin.test.ts. Against a server and database of this file's
// own: being "the last Admin" means every other Admin demoted, which in the shared test database
// took the Admin menu away from another file's browser in the middle of its check (seen in a
// clean-clone run).

const own = ownServer('last_admin');

describe('the last Admin', () => {
  it('cannot be demoted or deleted through /api (409), and the Users screen marks the card; nothing changes (the Users screen half)', async () => {
    const base = own.base();
    // This database's only Admin (an Admin made at start-up, if any, demoted: the database is ours).
    await own.db().user.updateMany({ data: { isAdmin: false } });
    const admin = await own.db().user.create({
      data: { name: 'Only admin', email: 'only-admin@example.test', passwordHash: await hash(PASSWORD), isAdmin: true, isMiniAdmin: true },
    });

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
