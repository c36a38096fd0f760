import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PageErrorView } from '@/components/site/page-error-view';
import ar from '@/messages/ar.json';
import en from '@/messages/en.json';

// The public and sign-in pages' error boundary ((site)/error.tsx, (auth)/error.tsx): what a
// visitor reads when a page fails in the browser. Rendered here: a failure inside a client
// component cannot be staged in the e2e run without a switch in the product (a page whose own
// script does not load keeps its server-rendered HTML, measured).
const MESSAGES = { en, ar } as const;

const render = (locale: keyof typeof MESSAGES) =>
  renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale,
      messages: MESSAGES[locale],
      timeZone: 'Asia/Dubai',
      children: createElement(PageErrorView),
    }),
  );

describe('page error view', () => {
  it.each(['en', 'ar'] as const)('%s: the title, the sentence as an alert, a reload button and the way home', (locale) => {
    const html = render(locale);
    const words = MESSAGES[locale].common.pageError;
    expect(html).toContain(`<h1 class="text-balance text-3xl font-bold">${words.title}</h1>`);
    expect(html).toMatch(new RegExp(`<p role="alert"[^>]*>${words.text}</p>`));
    expect(html).toMatch(new RegExp(`<button type="button"[^>]*data-testid="page-error-reload">${words.reload}</button>`));
    expect(html).toMatch(new RegExp(`<a [^>]*href="${locale === 'ar' ? '/ar' : '/'}"[^>]*>${words.home}</a>`));
  });
});
