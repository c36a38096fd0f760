import { afterAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../helpers/actions';
import { enrol } from '../helpers/two-factor';
import { BASE } from '../helpers/api';
import { makeUser, testDb } from '../helpers/db';

// Issue 26, item 4: two-factor sign-in's pages, over HTTP against the test server (no page renders
// in-process): enrolment with the key and QR code /Admin/Account shows in its HTML (read by
// tests/helpers/two-factor.ts's `enrol`, as an authenticator app would), the code page without
// its step, and the Users screen's reset button. The sign-in steps, codes, throttles, /api/login
// and the resets themselves are in tests/inproc/two-factor.test.ts.

afterAll(() => testDb.$disconnect());

describe('two-factor sign-in', () => {
  it('enrols with a code from the key shown; signs in with a code, once; with a recovery code, once (page half)', async () => {
    const user = await makeUser('mini');
    // The key and QR code come from the account page's HTML.
    const { codes } = await enrol(user.email);
    expect(codes).toHaveLength(10);
    expect((await testDb.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabledAt).not.toBeNull();

    // The code page without its step says to sign in again (and the sign-in page still works as before).
    const page = await (await fetch(`${BASE}/LogIn/Code`)).text();
    expect(page).toContain('data-testid="code-expired"');
  });

  it('an Admin resets it (a Mini Admin cannot): off, and that person is signed out everywhere (page half)', async () => {
    const user = await makeUser('mini');
    // Enrolled just now: on the screen's first page (pending accounts first, then the newest).
    await enrol(user.email);
    const adminCookie = await sessionCookie((await makeUser('admin')).email);
    const users = await (await fetch(`${BASE}/Admin/Users`, { headers: { Cookie: adminCookie } })).text();
    expect(users).toContain('data-testid="reset-two-factor"');
  });
});
