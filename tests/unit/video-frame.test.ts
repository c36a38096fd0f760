import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VideoFrame } from '@/components/site/video-frame';
import { embedUrl, watchUrl } from '@/lib/video';

// A video poster in the server's HTML: a link to the video's own page, and nothing that would make
// the browser ask the provider for anything (no frame, no thumbnail) before the visitor plays.

describe('VideoFrame in the server HTML', () => {
  it.each([
    ['youtube', 'dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['vimeo', '76979871', 'https://vimeo.com/76979871'],
  ] as const)('%s: a labelled link to the provider, no third-party request', (provider, id, watch) => {
    const video = { provider, id };
    const html = renderToStaticMarkup(
      createElement(VideoFrame, { title: 'Stage build', label: 'Play video: Stage build', watch: watchUrl(video), embed: embedUrl(video) }),
    );
    expect(html).toMatch(
      new RegExp(
        `^<a href="${watch.replace(/[.?]/g, '\\$&')}" target="_blank" rel="noopener noreferrer" aria-label="Play video: Stage build"`,
      ),
    );
    expect(html).toContain('>Stage build</span>');
    expect(html).not.toMatch(/<iframe|<img|youtube-nocookie|player\.vimeo|ytimg|vimeocdn|src=/);
  });
});
