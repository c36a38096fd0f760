import { getLocale, getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { QUOTE_ANCHOR } from '@/lib/inquiries/constants';
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
          {/* In the header where it fits: 640-1023 px (beside the buttons) and from 1280 px (beside the
              full navigation; at 1024 px it pushed the header 54 px too wide). Below 1024 px it also
              heads the side menu (at 375 px it pushed the menu button off screen). */}
          <Link
            href={{ pathname: '/ContactUs', hash: QUOTE_ANCHOR }}
            className="hidden rounded-full bg-brand px-4 py-2 text-sm font-bold whitespace-nowrap text-black hover:bg-brand-strong hover:text-white sm:inline-block lg:hidden xl:inline-block"
            data-testid="header-quote"
          >
            {quote('cta')}
          </Link>
          <LanguageToggle />
          <ThemeToggle />
          <MobileMenu portfolioUrl={brand.portfolioUrl} quoteLabel={quote('cta')} />
        </div>
      </div>
      <SearchBox id="site-search-mobile" className="px-4 pb-3 lg:hidden" />
    </header>
  );
}
