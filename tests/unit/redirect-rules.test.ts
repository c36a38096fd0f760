import { describe, expect, it } from 'vitest';
import { countsAsNotFound, location, parseSource, parseTarget, pathKey } from '@/lib/redirects/rules';

// Issue 37: what a redirect may be from and to (lib/redirects/rules.ts), the shared rules of the
// back office's write path and the HTTP server that serves them; and which 404s the monitor counts.

const SITE = 'https://sevenstars.example';

describe('redirect rules', () => {
  it('a source is a plain path of this site, matched in any letter case without its trailing slash', () => {
    expect(parseSource(' /Old-Page/ ')).toEqual({ path: '/Old-Page', key: '/old-page' });
    expect(parseSource('/ar/خدمات')).toEqual({ path: '/ar/%D8%AE%D8%AF%D9%85%D8%A7%D8%AA', key: '/ar/%d8%ae%d8%af%d9%85%d8%a7%d8%aa' });
    expect(pathKey('/ar/%D8%AE%D8%AF%D9%85%D8%A7%D8%AA/')).toBe('/ar/%d8%ae%d8%af%d9%85%d8%a7%d8%aa');
    expect(pathKey('/a/../Old-Page')).toBe('/old-page');
  });

  it('a source with a query, not a path, or one of the site’s own addresses is refused, each with its reason', () => {
    expect(parseSource('/old?x=1')).toEqual({ problem: 'redirectFromQuery' });
    expect(parseSource('/old#top')).toEqual({ problem: 'redirectFromQuery' });
    for (const raw of [
      'old',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/a b',
      '/a\u0000',
      '',
      '/\r\nSet-Cookie: x=1',
    ])
      expect(parseSource(raw), raw).toEqual({ problem: 'redirectFromInvalid' });
    for (const raw of [
      '/',
      '/ar',
      '/ar/',
      '/Admin',
      '/admin/users',
      '/ar/Admin/Teams',
      '/api/home',
      '/LogIn',
      '/_next/static/x.js',
      '/healthz',
    ])
      expect(parseSource(raw), raw).toEqual({ problem: 'redirectFromReserved' });
    expect(parseSource(`/${'a'.repeat(300)}`)).toEqual({ problem: 'redirectFromTooLong' });
  });

  it('a target is a path of this site (query kept, encoded) or a full http(s) address; its key names a path of this site', () => {
    expect(parseTarget('/Services/led-screens', SITE)).toEqual({ url: '/Services/led-screens', key: '/services/led-screens' });
    expect(parseTarget('/Projects?service=led#list', SITE)).toEqual({ url: '/Projects?service=led#list', key: '/projects' });
    expect(parseTarget('/ar/خدمات', SITE)).toEqual({
      url: '/ar/%D8%AE%D8%AF%D9%85%D8%A7%D8%AA',
      key: '/ar/%d8%ae%d8%af%d9%85%d8%a7%d8%aa',
    });
    expect(parseTarget('https://partner.example/page?a=1', SITE)).toEqual({ url: 'https://partner.example/page?a=1', key: null });
    expect(parseTarget('https://SevenStars.example/Old/', SITE)).toEqual({ url: 'https://sevenstars.example/Old/', key: '/old' });
  });

  it('an open redirect or a script in a target is refused: another host spelled as a path, a scheme of script or data, credentials, control characters', () => {
    for (const raw of [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/%0d%0aSet-Cookie:x=1'.replace('%0d%0a', '\r\n'),
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'https:evil.example',
      'https:/evil.example',
      'https:///evil.example',
      'https://user:pass@evil.example/',
      'ftp://evil.example/',
      'evil.example',
      ' ',
      'https://evil.example/\u0000',
    ])
      expect(parseTarget(raw, SITE), JSON.stringify(raw)).toEqual({ problem: 'redirectToInvalid' });
    expect(parseTarget(`https://e.example/${'a'.repeat(2000)}`, SITE)).toEqual({ problem: 'redirectToTooLong' });
  });

  it('a path target takes the request’s query unless it has its own; a full address is sent as saved', () => {
    expect(location('/Services', 'utm_source=brochure')).toBe('/Services?utm_source=brochure');
    expect(location('/Projects?service=led', 'utm_source=brochure')).toBe('/Projects?service=led');
    expect(location('/Services', '')).toBe('/Services');
    expect(location('https://partner.example/', 'a=1')).toBe('https://partner.example/');
    // What no browser sends is left out of the header.
    expect(location('/Services', 'q=\u00e9t\u00e9')).toBe('/Services');
    expect(location('/Services', 'a=1 2')).toBe('/Services');
  });

  it('the 404 monitor counts what a person asked for: not a crawler, not a probe for files', () => {
    const person = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
    expect(countsAsNotFound('/old-services', person)).toBe(true);
    expect(countsAsNotFound('/about.html', person)).toBe(true);
    expect(countsAsNotFound('/ar/%D8%AE%D8%AF%D9%85%D8%A7%D8%AA', person)).toBe(true);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.0',
      'python-requests/2.31',
      '',
      undefined,
    ])
      expect(countsAsNotFound('/old-services', agent), String(agent)).toBe(false);
    for (const path of [
      '/caf\u00e9',
      '/a b',
      '/wp-login.php',
      '/.env',
      '/.git/config',
      '/favicon.png',
      '/x.js',
      '/backup.zip',
      '/cgi-bin/x',
      '/phpmyadmin/',
      '/a/../b',
      `/${'a'.repeat(301)}`,
    ])
      expect(countsAsNotFound(path, person), path).toBe(false);
  });
});
