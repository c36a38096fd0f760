import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isPagePath } from '@/lib/http/csp';
import { acceptedCodings, PageCache } from '@/server/page-cache';

// What shares a kept copy and what never does (server/page-cache.ts).

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as unknown as IncomingMessage;
const cache = new PageCache(true, 1024 * 1024, 1024 * 1024);
const keyOf = (url: string, headers: Record<string, string> = {}) => cache.key(request(url, headers), url.split('?')[0]!);

describe('the key of a kept copy', () => {
  it('a page shares its copy with every unknown query string; `_rsc` is a variant of its own with the router’s header only', () => {
    expect(keyOf('/Services?utm=1')).toBe(keyOf('/Services'));
    expect(keyOf('/Services?a=1&b=2')).toBe(keyOf('/Services?b=3'));
    expect(keyOf('/Services?_rsc=abc', { rsc: '1' })).not.toBe(keyOf('/Services', { rsc: '1' }));
    expect(keyOf('/Services?_rsc=abc&x=1', { rsc: '1' })).toBe(keyOf('/Services?_rsc=abc', { rsc: '1' }));
    // Without `RSC: 1` Next answers the page's HTML whatever `_rsc` says: the page's one copy.
    expect(keyOf('/Services?_rsc=abc')).toBe(keyOf('/Services'));
    expect(keyOf('/Services?_rsc=xyz', { rsc: '0' })).toBe(keyOf('/Services?_rsc=abc', { rsc: '0' }));
  });

  it('files and the API keep their whole URL (an image width is a query parameter)', () => {
    expect(keyOf('/_next/image?url=%2Fa.jpg&w=640&q=75')).not.toBe(keyOf('/_next/image?url=%2Fa.jpg&w=828&q=75'));
    expect(keyOf('/api/home?x=1')).not.toBe(keyOf('/api/home'));
  });

  it('the router headers Next varies on are in the key; the language cookie only as "ar" or not', () => {
    expect(keyOf('/Services', { rsc: '1' })).not.toBe(keyOf('/Services'));
    expect(keyOf('/Services', { rsc: '1', 'next-router-prefetch': '1' })).not.toBe(keyOf('/Services', { rsc: '1' }));
    expect(keyOf('/', { cookie: 'NEXT_LOCALE=ar' })).not.toBe(keyOf('/'));
    expect(keyOf('/', { cookie: 'theme=x; NEXT_LOCALE=ar' })).toBe(keyOf('/', { cookie: 'NEXT_LOCALE=ar' }));
    expect(keyOf('/', { cookie: 'NEXT_LOCALE=en' })).toBe(keyOf('/'));
    expect(keyOf('/', { cookie: 'NEXT_LOCALE=x123' })).toBe(keyOf('/'));
  });

  it('a first visit (no language cookie) whose Accept-Language puts Arabic first is keyed as the Arabic redirect is (issue 27)', () => {
    const arabicFirst = { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' };
    expect(keyOf('/', arabicFirst)).toBe(keyOf('/', { cookie: 'NEXT_LOCALE=ar' }));
    expect(keyOf('/Services', arabicFirst)).not.toBe(keyOf('/Services'));
    expect(keyOf('/', { 'accept-language': 'en-GB' })).toBe(keyOf('/'));
    expect(keyOf('/', { 'accept-language': 'en-US,en;q=0.9,ar;q=0.8' })).toBe(keyOf('/'));
    // A language chosen before wins: the cookie decides, as in next.config.ts's redirects.
    expect(keyOf('/', { ...arabicFirst, cookie: 'NEXT_LOCALE=en' })).toBe(keyOf('/'));
    // Arabic pages and files never redirect: one copy for everyone.
    expect(keyOf('/ar/Services', arabicFirst)).toBe(keyOf('/ar/Services'));
    expect(keyOf('/api/home', arabicFirst)).toBe(keyOf('/api/home'));
  });
});

describe('helpers', () => {
  it('accepted codings: q=0 refuses one, identity is always there', () => {
    expect([...acceptedCodings('gzip, deflate, br')].sort()).toEqual(['br', 'deflate', 'gzip', 'identity']);
    expect([...acceptedCodings('br;q=0, gzip')].sort()).toEqual(['gzip', 'identity']);
    expect([...acceptedCodings(undefined)]).toEqual(['identity']);
  });

  it('page URLs: not the API, not Next files, not a file', () => {
    expect(['/', '/ar', '/Services', '/ar/Admin/Teams'].map(isPagePath)).toEqual([true, true, true, true]);
    // Home's project search: not a page, so the page cache keys it by its whole URL (the query is the search).
    expect(['/api/home', '/api', '/_next/static/a.js', '/robots.txt', '/portfolio.pdf', '/project-search.json'].map(isPagePath)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
