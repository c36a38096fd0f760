'use client';

import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { AREAS, adminPath } from '@/lib/admin/areas';

/** Which list a path shows: the spec words the slider's and the users' states itself. */
function screenOf(href: string) {
  const pathname = href.split(/[?#]/)[0];
  if (pathname === adminPath.list(AREAS.slides)) return 'slides';
  if (pathname === '/Admin/Users') return 'users';
  return 'other';
}

/** The spinner while the back-office screen at `pathname` loads (spec: "A spinner shows while loading"). */
export function AdminLoading({ pathname }: { pathname: string }) {
  const t = useTranslations('admin');
  const screen = screenOf(pathname);
  return (
    <div className="grid min-h-[40vh] place-content-center justify-items-center gap-3" data-testid="admin-loading">
      <Spinner label={screen === 'slides' ? t('areas.slides.loading') : t('loading')} />
      {screen === 'slides' && (
        <p aria-hidden="true" className="font-semibold">
          {t('areas.slides.loading')}
        </p>
      )}
    </div>
  );
}

/**
 * The screen at `pathname` (without the locale) failed to load: it says so, in the spec's words
 * where it has them, and can retry.
 */
export function AdminLoadError({ pathname, retry }: { pathname: string; retry: () => void }) {
  const t = useTranslations('admin');
  const screen = screenOf(pathname);
  const text = screen === 'slides' ? t('areas.slides.loadFailed') : screen === 'users' ? t('users.loadFailed') : t('loadFailed');
  return (
    <div className="grid min-h-[40vh] place-content-center justify-items-center gap-4 text-center" data-testid="admin-error">
      <p role="alert" className="text-lg font-semibold">
        {text}
      </p>
      <button type="button" onClick={retry} className="btn-primary">
        {t('retry')}
      </button>
    </div>
  );
}
