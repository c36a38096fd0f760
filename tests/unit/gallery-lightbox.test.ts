import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { galleryLinkProps, type GalleryImage } from '@/components/site/gallery-image';
import { GalleryLightbox, SWIPE_MIN_PX, arrowStep, swipeStep } from '@/components/site/gallery-lightbox';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// The gallery's lightbox: how keys and swipes move through the images (mirrored in Arabic), and
// what it adds to the server's HTML before it is opened (nothing but an empty dialog). Opening,
// focus and the dialog itself need a browser: the e2e tests of the project page.

describe('arrowStep', () => {
  it('moves forward with the arrow pointing where the text runs', () => {
    expect(arrowStep('ArrowRight', false)).toBe(1);
    expect(arrowStep('ArrowLeft', false)).toBe(-1);
    expect(arrowStep('ArrowLeft', true)).toBe(1);
    expect(arrowStep('ArrowRight', true)).toBe(-1);
  });

  it('ignores every other key (Home, End and Escape are handled elsewhere)', () => {
    for (const key of ['ArrowUp', 'ArrowDown', 'Home', 'End', 'Escape', 'Enter', ' ']) {
      expect(arrowStep(key, false)).toBe(0);
      expect(arrowStep(key, true)).toBe(0);
    }
  });
});

describe('swipeStep', () => {
  it('brings the next image with a swipe toward where the text starts', () => {
    expect(swipeStep(-SWIPE_MIN_PX, 0, false)).toBe(1);
    expect(swipeStep(SWIPE_MIN_PX, 0, false)).toBe(-1);
    expect(swipeStep(SWIPE_MIN_PX, 0, true)).toBe(1);
    expect(swipeStep(-SWIPE_MIN_PX, 0, true)).toBe(-1);
  });

  it('leaves short and mostly vertical moves alone', () => {
    expect(swipeStep(-(SWIPE_MIN_PX - 1), 0, false)).toBe(0);
    expect(swipeStep(SWIPE_MIN_PX - 1, 0, true)).toBe(0);
    expect(swipeStep(-80, 80, false)).toBe(0);
    expect(swipeStep(80, -120, true)).toBe(0);
    expect(swipeStep(0, 300, false)).toBe(0);
  });
});

const MESSAGES = { en, ar } as const;

function render(images: GalleryImage[], locale: keyof typeof MESSAGES) {
  const links = images.map((image, i) => createElement('a', { key: i, href: image.src, ...galleryLinkProps(i) }, image.alt));
  const lightbox = createElement(GalleryLightbox, { images, children: links });
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: 'Asia/Dubai', children: lightbox }),
  );
}

describe('GalleryLightbox before it opens', () => {
  const images = Array.from({ length: 100 }, (_, i) => ({
    src: `/projectimges/photo-${i}.jpg`,
    width: 1600,
    height: 1067,
    alt: `Photo ${i}`,
    caption: `Caption ${i}`,
  }));

  it('adds an empty, labelled dialog to the thumbnails, whatever their number', () => {
    const html = render(images, 'en');
    const dialog = html.match(/<dialog[^>]*>([\s\S]*?)<\/dialog>/);
    expect(dialog?.[0]).toContain('aria-label="Photo gallery"');
    expect(dialog?.[1]).toBe('');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('Caption');
    expect(html).toContain('<a href="/projectimges/photo-99.jpg" data-gallery-index="99">Photo 99</a>');
    // The thumbnails' own markup plus the dialog and its wrapper, the same for 1 image or 100.
    const overhead = (list: GalleryImage[]) =>
      render(list, 'en').length -
      list.map((image, i) => `<a href="${image.src}" data-gallery-index="${i}">${image.alt}</a>`).join('').length;
    expect(overhead(images)).toBe(overhead(images.slice(0, 1)));
    expect(overhead(images)).toBeLessThan(300);
  });

  it('labels the dialog in Arabic', () => {
    expect(render(images.slice(0, 2), 'ar')).toContain('aria-label="معرض الصور"');
  });
});
