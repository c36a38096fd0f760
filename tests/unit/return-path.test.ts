import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { safeReturnPath } from '@/lib/auth/return-path';
import { ADMIN_LOCALE_COOKIE, LOCALE_COOKIE, localeCookieFor } from '@/lib/i18n/locale-cookie';
import { isStaffPath } from '@/lib/pages';
import { PageCache } from '@/server/page-cache';

// Signing in leads back to the page asked for, and only ever to a page of our own back office
// (issue 26). Every value here reaches safeReturnPath from a URL or a cookie anyone can write.

describe('safeReturnPath keeps back-office paths', () => {
  test.each([
    ['/Admin', '/Admin'],
    ['/Admin/Events', '/Admin/Events'],
    ['/Admin/Events?q=x', '/Admin/Events?q=x'],
    ['/Admin/Events?q=caf%C3%A9&year=2024&page=2', '/Admin/Events?q=caf%C3%A9&year=2024&page=2'],
    ['/ar/Admin/Team/5', '/ar/Admin/Team/5'],
    ['/ar/Admin', '/ar/Admin'],
    // The routes are matched in any letter case (next.config.ts rewrites them).
    ['/admin/teams', '/admin/teams'],
    ['/AR/ADMIN/Users', '/AR/ADMIN/Users'],
    ['/Admin/Inquiries?status=new', '/Admin/Inquiries?status=new'],
    // A query may hold anything printable: it cannot change the host.
    ['/Admin/Events?next=//evil.com', '/Admin/Events?next=//evil.com'],
  ])('%s', (raw, kept) => {
    expect(safeReturnPath(raw)).toBe(kept);
  });
});

describe('safeReturnPath refuses anything else', () => {
  test.each([
    // Not a string, or nothing.
    [undefined],
    [null],
    [42],
    [['/Admin']],
    [''],
    // Other hosts, written every way a browser reads as one.
    ['https://evil.com/Admin'],
    ['http:/Admin'],
    ['javascript:alert(1)'],
    ['//evil.com'],
    ['//evil.com/Admin'],
    ['///evil.com/Admin'],
    ['/\\evil.com'],
    ['\\\\evil.com/Admin'],
    ['/Admin\\..\\..\\evil.com'],
    ['/Admin/\\evil.com'],
    ['/%2F%2Fevil.com'],
    ['/%5Cevil.com'],
    ['%2F%2Fevil.com/Admin'],
    ['/Admin%2F..%2F..%2F%2Fevil.com'],
    ['/Admin/%2e%2e/%2e%2e//evil.com'],
    ['/Admin/../../evil.com'],
    ['/Admin/./Users'],
    ['/Admin//evil.com'],
    ['/Admin@evil.com'],
    ['/Admin:evil.com'],
    // Control characters and spaces (a browser drops tabs and newlines inside a URL).
    ['/\t/evil.com'],
    ['/Admin\n/Users'],
    ['/Admin\r\nSet-Cookie: x=1'],
    ['/Admin\u0000'],
    ['/Admin /Users'],
    ['/Admin\u00a0'],
    ['/Admin/Événements'],
    // Our own site, but not the back office.
    ['/'],
    ['/Services'],
    ['/LogIn'],
    ['/Administrator'],
    ['/AdminX/Users'],
    ['/ar'],
    ['/en/Admin'],
    ['/fr/Admin'],
    ['/api/users'],
    ['/Admin/'],
    ['/Admin#section'],
    ['Admin/Events'],
    [`/Admin/${'a'.repeat(1100)}`],
  ])('%j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

test('the staff pages (back office and sign-in) keep a language cookie of their own', () => {
  for (const path of ['/Admin', '/ar/Admin/Team/5', '/admin/events', '/LogIn', '/ar/SignUp', '/AwaitingApproval', '/en/Admin'])
    expect([path, isStaffPath(path), localeCookieFor(path)]).toEqual([path, true, ADMIN_LOCALE_COOKIE]);
  for (const path of ['/', '/ar', '/Services', '/ar/ContactUs', '/Administrator', '/ar/LogInX', '/Projects/admin'])
    expect([path, isStaffPath(path), localeCookieFor(path)]).toEqual([path, false, LOCALE_COOKIE]);
});

test("the page cache keys each page by its own language cookie (a kept /SignUp must not answer the staff's Arabic)", () => {
  const cache = new PageCache(true, 1024 * 1024, 1024 * 1024);
  const keyOf = (path: string, cookie?: string) =>
    cache.key({ url: path, headers: cookie ? { cookie } : {} } as unknown as IncomingMessage, path);
  expect(keyOf('/SignUp', 'ADMIN_LOCALE=ar')).not.toBe(keyOf('/SignUp'));
  expect(keyOf('/SignUp', 'NEXT_LOCALE=ar')).toBe(keyOf('/SignUp'));
  expect(keyOf('/Services', 'NEXT_LOCALE=ar')).not.toBe(keyOf('/Services'));
  expect(keyOf('/Services', 'ADMIN_LOCALE=ar')).toBe(keyOf('/Services'));
});
