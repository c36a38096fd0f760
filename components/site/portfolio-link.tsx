import type { ReactNode } from 'react';

/**
 * The portfolio download: the PDF uploaded in the settings (/portfolio.pdf), else PORTFOLIO_URL or
 * the demo's. A file on our own site downloads; browsers
 * ignore `download` across origins, so an address elsewhere opens in a new tab instead of
 * replacing the page.
 */
export function PortfolioLink({ url, hint, className, children }: { url: string; hint: string; className: string; children: ReactNode }) {
  const external = /^https?:\/\//i.test(url);
  return (
    <a
      href={url}
      title={hint}
      className={className}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : { download: true })}
      data-testid="portfolio-link"
    >
      {children}
    </a>
  );
}
