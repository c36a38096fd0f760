'use client';

import { useTranslations } from 'next-intl';
import { Spinner } from '@/components/ui/spinner';
import { useSearch } from './search-context';

/** The spec's 2-second spinner after typing; the filtered list stays visible and usable under it. */
export function SearchOverlay() {
  const { busy } = useSearch();
  const t = useTranslations('common');
  if (!busy) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 top-16 z-30 grid place-items-center bg-white/40 dark:bg-black/30">
      <Spinner label={t('loading')} />
    </div>
  );
}
