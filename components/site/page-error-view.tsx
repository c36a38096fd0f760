'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';

/**
 * A public or sign-in page that failed in the browser (a script that did not load, an error while
 * drawing): said in the page's language inside the site's own header and footer, rather than
 * Next's bare English page. A reload fetches the page and its scripts again, which is what mends
 * the usual cause (a script gone after a new version was deployed).
 */
export function PageErrorView() {
  const t = useTranslations('common.pageError');
  return (
    <div className="grid min-h-[60svh] place-items-center px-4 py-16 text-center" data-testid="page-error">
      <div>
        <h1 className="text-balance text-3xl font-bold">{t('title')}</h1>
        <p role="alert" className="mt-3 text-balance text-lg text-zinc-700 dark:text-zinc-300">
          {t('text')}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-full bg-brand px-6 py-3 font-bold text-black hover:bg-brand-strong hover:text-white"
            data-testid="page-error-reload"
          >
            {t('reload')}
          </button>
          <Link href="/" className="rounded-full px-6 py-3 font-bold ring-1 ring-zinc-400">
            {t('home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
