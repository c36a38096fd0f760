import { describe, expect, it } from 'vitest';
import { VIDEO_FRAME_ORIGINS, embedUrl, isVideoId, parseVideoUrl, watchUrl } from '@/lib/video';

// lib/video: the one reader of pasted video addresses and writer of the frame and watch URLs.

const YT = 'dQw4w9WgXcQ';
const VIMEO = '76979871';

describe('parseVideoUrl', () => {
  it.each([
    `https://www.youtube.com/watch?v=${YT}`,
    `https://youtube.com/watch?v=${YT}`,
    `http://www.youtube.com/watch?v=${YT}`,
    `https://m.youtube.com/watch?v=${YT}`,
    `https://www.youtube.com/watch?feature=share&v=${YT}&t=42s`,
    `https://www.youtube.com/watch?v=${YT}#t=1m`,
    `https://www.youtube.com/watch/?v=${YT}`,
    `https://youtu.be/${YT}`,
    `https://youtu.be/${YT}?si=AbCdEf123`,
    `https://youtu.be/${YT}/`,
    `https://www.youtube.com/shorts/${YT}`,
    `https://youtube.com/shorts/${YT}?feature=share`,
    `https://m.youtube.com/shorts/${YT}`,
    `https://www.youtube.com/embed/${YT}`,
    `https://www.youtube.com/embed/${YT}?start=30`,
    `https://www.youtube-nocookie.com/embed/${YT}?autoplay=1`,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${YT}`,
    `youtu.be/${YT}`,
    `www.youtube.com/watch?v=${YT}`,
    `  https://youtu.be/${YT}\n`,
  ])('reads YouTube: %s', (url) => {
    expect(parseVideoUrl(url)).toEqual({ provider: 'youtube', id: YT });
  });

  it('keeps the id as written, _ and - included', () => {
    expect(parseVideoUrl('https://youtu.be/a_B-c9_D-e0')).toEqual({ provider: 'youtube', id: 'a_B-c9_D-e0' });
  });

  it.each([
    `https://vimeo.com/${VIMEO}`,
    `https://www.vimeo.com/${VIMEO}`,
    `http://vimeo.com/${VIMEO}/`,
    `https://vimeo.com/${VIMEO}?share=copy#t=10`,
    `https://player.vimeo.com/video/${VIMEO}`,
    `https://player.vimeo.com/video/${VIMEO}?h=abc123&dnt=1`,
    `vimeo.com/${VIMEO}`,
  ])('reads Vimeo: %s', (url) => {
    expect(parseVideoUrl(url)).toEqual({ provider: 'vimeo', id: VIMEO });
  });

  it.each([
    // Not an address, or not http(s).
    '',
    '   ',
    YT,
    'javascript:alert(1)',
    `javascript://www.youtube.com/watch?v=${YT}`,
    `JavaScript:alert("https://youtu.be/${YT}")`,
    `data:text/html,https://youtu.be/${YT}`,
    `ftp://www.youtube.com/watch?v=${YT}`,
    `file:///www.youtube.com/watch?v=${YT}`,
    'https://',
    // Another host, however it is dressed up.
    `https://evil.com/watch?v=${YT}`,
    `https://evil.com/https://youtu.be/${YT}`,
    `https://www.youtube.com.evil.com/watch?v=${YT}`,
    `https://evilyoutube.com/watch?v=${YT}`,
    `https://youtube.com.evil.com/shorts/${YT}`,
    `https://www.youtube.com@evil.com/watch?v=${YT}`,
    `https://evil.com\\@youtu.be/${YT}`,
    `https://youtu.be.evil.com/${YT}`,
    `https://music.youtube.com/watch?v=${YT}`,
    `https://www.youtube.com./watch?v=${YT}`,
    `https://vimeo.com.evil.com/${VIMEO}`,
    `https://evil.com/video/${VIMEO}`,
    `https://player.vimeo.com.evil.com/video/${VIMEO}`,
    // A user, password or port.
    `https://user@www.youtube.com/watch?v=${YT}`,
    `https://user:pass@youtu.be/${YT}`,
    `https://www.youtube.com:8443/watch?v=${YT}`,
    `https://vimeo.com:444/${VIMEO}`,
    // YouTube ids that are not 11 characters of [A-Za-z0-9_-].
    `https://www.youtube.com/watch?v=${YT}x`,
    `https://www.youtube.com/watch?v=${YT.slice(0, 10)}`,
    `https://www.youtube.com/watch?v=${YT.slice(0, 10)}!`,
    `https://www.youtube.com/watch?v=${YT.slice(0, 10)}%2F`,
    `https://www.youtube.com/watch?v=${YT.slice(0, 9)}"'`,
    `https://www.youtube.com/watch?v=<script>1`,
    `https://www.youtube.com/watch?v=${YT}&v=aaaaaaaaaaa`,
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch',
    `https://www.youtube.com/watchx?v=${YT}`,
    `https://www.youtube.com/?v=${YT}`,
    `https://www.youtube.com/shorts/${YT}/extra`,
    `https://www.youtube.com/shorts/${YT}x`,
    `https://www.youtube.com/shorts/../embed/${YT}x`,
    `https://www.youtube.com/embed/${YT}%00`,
    `https://www.youtube.com/embed/`,
    `https://www.youtube.com/live/${YT}`,
    `https://www.youtube.com/${YT}`,
    `https://youtu.be/${YT}x`,
    `https://youtu.be/watch?v=${YT}`,
    `https://youtu.be/`,
    `https://www.youtube-nocookie.com/watch?v=${YT}`,
    `https://www.youtube.com/playlist?list=PL${YT}`,
    // Vimeo ids that are not a plain number, and Vimeo's other pages.
    'https://vimeo.com/abc',
    'https://vimeo.com/0',
    'https://vimeo.com/012345',
    'https://vimeo.com/-123',
    'https://vimeo.com/123e4',
    'https://vimeo.com/1234567890123',
    `https://vimeo.com/${VIMEO}/abcdef1234`,
    `https://vimeo.com/channels/staffpicks/${VIMEO}`,
    'https://vimeo.com/',
    `https://player.vimeo.com/${VIMEO}`,
    `https://player.vimeo.com/video/${VIMEO}x`,
    `https://player.vimeo.com/video/${VIMEO}/x`,
    `https://player.vimeo.com/video/%31%32`,
    // Too long to be a real address.
    `https://www.youtube.com/watch?v=${YT}&pad=${'a'.repeat(2100)}`,
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

describe('isVideoId', () => {
  it('checks each provider by its own alphabet', () => {
    expect(isVideoId('youtube', YT)).toBe(true);
    expect(isVideoId('youtube', VIMEO)).toBe(false);
    expect(isVideoId('youtube', `${YT.slice(0, 10)}/`)).toBe(false);
    expect(isVideoId('vimeo', VIMEO)).toBe(true);
    expect(isVideoId('vimeo', YT)).toBe(false);
    expect(isVideoId('vimeo', '')).toBe(false);
    expect(isVideoId('other' as 'vimeo', VIMEO)).toBe(false);
  });
});

describe('embedUrl and watchUrl', () => {
  it("write the privacy-enhanced players, started at once, on the CSP's frame origins", () => {
    expect(embedUrl({ provider: 'youtube', id: YT })).toBe(`https://www.youtube-nocookie.com/embed/${YT}?autoplay=1`);
    expect(embedUrl({ provider: 'vimeo', id: VIMEO })).toBe(`https://player.vimeo.com/video/${VIMEO}?dnt=1&autoplay=1`);
    expect(VIDEO_FRAME_ORIGINS).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
    for (const video of [
      { provider: 'youtube', id: YT },
      { provider: 'vimeo', id: VIMEO },
    ] as const) {
      expect(VIDEO_FRAME_ORIGINS).toContain(new URL(embedUrl(video)).origin);
    }
  });

  it("write the video's page on the provider's site", () => {
    expect(watchUrl({ provider: 'youtube', id: YT })).toBe(`https://www.youtube.com/watch?v=${YT}`);
    expect(watchUrl({ provider: 'vimeo', id: VIMEO })).toBe(`https://vimeo.com/${VIMEO}`);
  });

  it('read back what parseVideoUrl reads', () => {
    for (const video of [
      { provider: 'youtube', id: YT },
      { provider: 'vimeo', id: VIMEO },
    ] as const) {
      expect(parseVideoUrl(embedUrl(video))).toEqual(video);
      expect(parseVideoUrl(watchUrl(video))).toEqual(video);
    }
  });

  it('keep an id that skipped parseVideoUrl inside its path segment or parameter', () => {
    const hostile = '../../x?a=1#b';
    expect(embedUrl({ provider: 'youtube', id: hostile })).toBe(
      'https://www.youtube-nocookie.com/embed/..%2F..%2Fx%3Fa%3D1%23b?autoplay=1',
    );
    expect(embedUrl({ provider: 'vimeo', id: hostile })).toBe('https://player.vimeo.com/video/..%2F..%2Fx%3Fa%3D1%23b?dnt=1&autoplay=1');
    expect(watchUrl({ provider: 'youtube', id: 'a&list=1' })).toBe('https://www.youtube.com/watch?v=a%26list%3D1');
    expect(watchUrl({ provider: 'vimeo', id: hostile })).toBe('https://vimeo.com/..%2F..%2Fx%3Fa%3D1%23b');
  });
});
