import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AdminLoadError, AdminLoading } from '@/components/admin/admin-status';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// The back office's loading and failure screens (AdminLink's spinner, Admin/error.tsx) word
// themselves after the screen they replace. A failing read cannot be staged in the shared e2e
// run, so the failure screen is rendered here, with the path next-intl's usePathname reports
// (without the locale) in Admin/error.tsx.
const MESSAGES = { en, ar } as const;

function render(children: ReturnType<typeof createElement>, locale: keyof typeof MESSAGES) {
  return renderToStaticMarkup(
    createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], timeZone: 'Asia/Dubai', children }),
  );
}

const retry = () => {};

describe('back-office failure screen', () => {
  it.each([
    ['en', '/Admin/Slider', 'Failed to fetch sliders'],
    ['en', '/Admin/Users', 'Error fetching users data'],
    ['en', '/Admin/Events', en.admin.loadFailed],
    ['ar', '/Admin/Slider', ar.admin.areas.slides.loadFailed],
    ['ar', '/Admin/Users', ar.admin.users.loadFailed],
    ['ar', '/Admin/Teams', ar.admin.loadFailed],
  ] as const)('%s %s says "%s" and offers a retry', (locale, pathname, text) => {
    const html = render(createElement(AdminLoadError, { pathname, retry }), locale);
    expect(html).toContain(`role="alert"`);
    expect(html).toContain(`>${text}</p>`);
    expect(html).toContain(`>${MESSAGES[locale].admin.retry}</button>`);
  });

  it("the three wordings differ (a screen never borrows another one's)", () => {
    expect(new Set([en.admin.areas.slides.loadFailed, en.admin.users.loadFailed, en.admin.loadFailed]).size).toBe(3);
  });
});

describe('back-office loading screen', () => {
  it('the slider says "Loading sliders..." (spec), other screens a general line', () => {
    // The path is the followed link's (components/admin/admin-link.tsx), query and all.
    expect(render(createElement(AdminLoading, { pathname: '/Admin/Slider' }), 'en')).toContain('Loading sliders...');
    expect(render(createElement(AdminLoading, { pathname: '/Admin/Slider?page=2' }), 'ar')).toContain(ar.admin.areas.slides.loading);
    const other = render(createElement(AdminLoading, { pathname: '/Admin/Events' }), 'en');
    expect(other).toContain(en.admin.loading);
    expect(other).not.toContain('Loading sliders...');
  });
});
