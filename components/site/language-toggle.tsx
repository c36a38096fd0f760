'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useParams } from 'next/navigation';
import { localeCookieFor } from '@/lib/i18n/locale-cookie';
import { Link, usePathname } from '@/lib/i18n/navigation';

/** Switches language on the same page (a plain link); the next page shows the spec's 1-second spinner. */
export function LanguageToggle() {
  const t = useTranslations('nav');
  const locale = useLocale();
  const pathname = usePathname();
  const params = useParams();
  const other = locale === 'ar' ? 'en' : 'ar';
  return (
    <Link
      href={{ pathname, params } as never}
      locale={other}
      hrefLang={other}
      // The accessible name starts with the visible text (WCAG 2.5.3, label in name).
      aria-label={`${t('languageToggle')} – ${t('languageToggleLabel')}`}
      // The head script (EarlyControlsScript) remembers the choice on click, before navigating
      // (the server redirects by the cookie), from the first paint: a tap before React counts.
      data-locale-switch={other}
      // Which cookie remembers it: the back office and sign-in keep a language of their own.
      data-locale-cookie={localeCookieFor(pathname)}
      data-testid="language-toggle"
      className="grid h-10 min-w-10 place-items-center rounded-full border border-zinc-300 px-3 text-sm font-bold hover:border-brand dark:border-zinc-700"
    >
      {/* Only the visible "AR"/"EN" is in the other language; the label is in this page's. */}
      <span lang={other}>{t('languageToggle')}</span>
    </Link>
  );
}
