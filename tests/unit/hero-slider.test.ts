import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HeroSlider, MAX_DOTS } from '@/components/site/hero-slider';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// The slider's control row must fit a phone whatever the number of slides: a dot per slide up
// to MAX_DOTS, then a counter ("3 of 32"). The browser tests run on the seeded handful of slides.
const MESSAGES = { en, ar } as const;

function render(count: number, locale: keyof typeof MESSAGES) {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const images = ids.map((id) => createElement('img', { key: id, alt: '' }));
  const slider = createElement(HeroSlider, { ids, images });
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: 'Asia/Dubai', children: slider }),
  );
}

const dots = (html: string) => html.match(/aria-label="(Go to slide|انتقل إلى الشريحة) \d+"/g)?.length ?? 0;

describe('hero slider controls', () => {
  it(`shows one dot per slide up to ${MAX_DOTS} slides, and no counter`, () => {
    const html = render(MAX_DOTS, 'en');
    expect(dots(html)).toBe(MAX_DOTS);
    expect(html).not.toContain('data-testid="slide-counter"');
  });

  it('shows a counter instead of dots beyond that, in the page language', () => {
    const html = render(32, 'en');
    expect(dots(html)).toBe(0);
    expect(html).toMatch(/data-testid="slide-counter">1 of 32<\/p>/);
    expect(render(32, 'ar')).toMatch(/data-testid="slide-counter">1 من 32<\/p>/);
  });

  it('has no controls at all for a single slide', () => {
    const html = render(1, 'en');
    expect(dots(html)).toBe(0);
    expect(html).not.toContain('slide-counter');
    expect(html).not.toContain(en.home.nextSlide);
  });
});
