import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { getBrand } from '@/lib/settings/brand';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';
import { PortfolioLink } from './portfolio-link';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';

/**
 * The full navigation from 1024 px; below, the side menu and a search row under the logo (five
 * links, the search box and the portfolio link do not fit in one row at 768 px).
 */
export async function SiteHeader() {
  const [t, quote, brand] = await Promise.all([getTranslations('nav'), getTranslations('quote'), getLocale().then(getBrand)]);
  return (
    // Opaque, without backdrop-filter: a filter would make the header the containing block of the
    // mobile menu's `fixed` panel, squeezing it into the header's 65 px.
    <header className="site-header sticky top-0 z-50 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Link href="/" aria-label={t('logoLinkHome')} className="shrink-0 text-zinc-900 dark:text-white">
          <Logo />
        </Link>
        <nav aria-label={t('mainNavigation')} className="hidden lg:block">
          <NavLinks />
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <SearchBox id="site-search" className="hidden w-52 lg:block xl:w-64" />
          <PortfolioLink
            url={brand.portfolioUrl}
            hint={t('portfolioHint')}
            className="hidden rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand-strong hover:bg-brand hover:text-black lg:inline-block dark:text-brand"
          >
            {t('portfolio')}
          </PortfolioLink>
          {/* From 640 px in the header; on a phone there is no room beside the buttons (the menu
              button went off screen), so it is the first thing in the side menu instead. */}
          <Link
            href={{ pathname: '/ContactUs', hash: 'quote' }}
            className="hidden rounded-full bg-brand px-4 py-2 text-sm font-bold whitespace-nowrap text-black hover:bg-brand-strong hover:text-white sm:inline-block"
            data-testid="header-quote"
          >
            {quote('cta')}
          </Link>
          <LanguageToggle />
          <ThemeToggle />
          <MobileMenu portfolioUrl={brand.portfolioUrl}>
            <Link
              href={{ pathname: '/ContactUs', hash: 'quote' }}
              className="rounded-full bg-brand px-4 py-2 text-center text-sm font-bold text-black hover:bg-brand-strong hover:text-white"
              data-testid="menu-quote"
            >
              {quote('cta')}
            </Link>
          </MobileMenu>
        </div>
      </div>
      <SearchBox id="site-search-mobile" className="px-4 pb-3 lg:hidden" />
    </header>
  );
}
