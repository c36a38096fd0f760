import { describe, expect, it } from 'vitest';
import { cachedPagePolicy, frameOrigin, noncePagePolicy } from '@/lib/http/csp';
import { DEFAULT_MAP_EMBED_URL, mapEmbedUrl } from '@/lib/http/map-embed';

// lib/http/csp: the two page policies, each a fixed string whatever the page holds.

const REST =
  "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; " +
  'frame-src https://www.google.com https://www.youtube-nocookie.com https://player.vimeo.com; ' +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

describe('cachedPagePolicy', () => {
  it("is Next's policy without nonces, with the map frame by its origin, the video players, and nothing that is not named", () => {
    expect(cachedPagePolicy('https://www.google.com')).toBe(`default-src 'self'; script-src 'self' 'unsafe-inline'; ${REST}`);
  });

  it('allows no map frame when the map URL is not an http(s) URL, and the video players still', () => {
    expect(frameOrigin(DEFAULT_MAP_EMBED_URL)).toBe('https://www.google.com');
    expect(frameOrigin('https://maps.example.org:8443/embed?x=1')).toBe('https://maps.example.org:8443');
    expect(frameOrigin('javascript:alert(1)')).toBeNull();
    expect(frameOrigin('not a url')).toBeNull();
    expect(cachedPagePolicy(null)).toContain('; frame-src https://www.youtube-nocookie.com https://player.vimeo.com; ');
    expect(mapEmbedUrl({})).toBe(DEFAULT_MAP_EMBED_URL);
    expect(mapEmbedUrl({ MAP_EMBED_URL: 'https://maps.example.org/e' })).toBe('https://maps.example.org/e');
  });

  it('names a video origin once when the map shares it, and never child-src (it would also rule workers)', () => {
    expect(cachedPagePolicy('https://player.vimeo.com')).toContain(
      '; frame-src https://player.vimeo.com https://www.youtube-nocookie.com; ',
    );
    expect(cachedPagePolicy('https://www.google.com')).not.toContain('child-src');
  });
});

describe('noncePagePolicy', () => {
  it('allows the nonce, what nonced scripts load, and the given hashes; eval only in development', () => {
    const options = { nonce: 'bm9uY2U=', hashes: ["'sha256-abc='"], frame: 'https://www.google.com' };
    expect(noncePagePolicy(options)).toBe(`default-src 'self'; script-src 'nonce-bm9uY2U=' 'strict-dynamic' 'sha256-abc='; ${REST}`);
    expect(noncePagePolicy({ ...options, dev: true })).toContain(
      "script-src 'nonce-bm9uY2U=' 'strict-dynamic' 'sha256-abc=' 'unsafe-eval';",
    );
  });

  it('has the same length for any page: the header never grows with the content', () => {
    const a = noncePagePolicy({ nonce: 'a'.repeat(24), hashes: ["'sha256-x='"], frame: null });
    const b = noncePagePolicy({ nonce: 'b'.repeat(24), hashes: ["'sha256-x='"], frame: null });
    expect(a.length).toBe(b.length);
    expect(a.length).toBeLessThan(512);
  });
});
