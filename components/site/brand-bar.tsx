import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { LanguageSpinner } from './language-spinner';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

/** Logo (home link) with the language and theme toggles: the top of the sign-in and admin screens. */
export async function BrandBar({
  home = '/',
  className = '',
  logo,
}: {
  home?: string;
  className?: string;
  /** The logo's box and drawing size, when not the default (the back office's phone bar). */
  logo?: { box: string; className: string };
}) {
  const t = await getTranslations('nav');
  // The logo is a picture: the link needs a name (the site's and where it leads).
  const label = home === '/' ? t('logoLinkHome') : t('logoLinkBackOffice');
  return (
    <div className={`flex items-center justify-between gap-2 ${className}`}>
      <Link href={home} aria-label={label} className="text-zinc-900 dark:text-white">
        <Logo {...logo} />
      </Link>
      <div className="flex gap-2">
        <LanguageToggle />
        <ThemeToggle />
      </div>
      {/* The toggle above sets the flag this reads, so the spinner lives wherever the toggle does. */}
      <LanguageSpinner />
    </div>
  );
}
