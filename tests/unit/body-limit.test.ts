import { describe, expect, it } from 'vitest';
import { ACTION_BODY_LIMIT, LARGE_BODY_BYTES, pageBodyLimit, SMALL_BODY_LIMIT } from '@/lib/http/upload-limits';

// Which pages may take a large body (lib/http/upload-limits.ts): the back office only, in the
// spellings next.config.ts rewrites to it, and only with a valid session (issue 34).

describe('pageBodyLimit', () => {
  it('the back office, in either language and any letter case, takes the action limit when signed in, 64 KB when not', () => {
    for (const url of [
      '/Admin',
      '/admin',
      '/ar/Admin',
      '/ar/ADMIN',
      '/en/Admin',
      '/Admin/Teams',
      '/Admin?x=1',
      '/ar/Admin/CreateService',
    ]) {
      expect([url, pageBodyLimit(url, true)]).toEqual([url, ACTION_BODY_LIMIT]);
      expect([url, pageBodyLimit(url, false)]).toEqual([url, SMALL_BODY_LIMIT]);
    }
  });
  it('every other page takes 64 KB: sign-in, sign-up, the quote form, and look-alikes of the back office', () => {
    for (const url of [
      '/LogIn',
      '/ar/LogIn',
      '/login',
      '/SignUp',
      '/ar/signup',
      '/ContactUs',
      '/ar/ContactUs',
      '/',
      '/ar',
      '/AboutUs',
      '/Administrator',
      '/AdminX',
      '/fr/Admin',
      '/x/Admin',
      '//Admin',
    ])
      for (const signedIn of [true, false])
        expect([url, signedIn, pageBodyLimit(url, signedIn)]).toEqual([url, signedIn, SMALL_BODY_LIMIT]);
    expect(SMALL_BODY_LIMIT).toBe(64 * 1024);
    // Every body the small limit refuses counts as a large one (it was 1 MiB).
    expect(LARGE_BODY_BYTES).toBe(SMALL_BODY_LIMIT);
  });
});
