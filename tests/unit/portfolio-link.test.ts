import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PortfolioLink } from '@/components/site/portfolio-link';

const render = (url: string) =>
  renderToStaticMarkup(createElement(PortfolioLink, { url, hint: 'Download', className: 'x', children: 'Portfolio' }));

describe('portfolio link (PORTFOLIO_URL)', () => {
  it('downloads a file on our own site', () => {
    const html = render('/portfolio.pdf');
    expect(html).toContain('download=""');
    expect(html).not.toContain('target=');
  });
  it('opens an address elsewhere in a new tab, without opener or referrer', () => {
    const html = render('https://files.example.com/7stars.pdf');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).not.toContain('download');
  });
});
