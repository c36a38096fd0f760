'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { TIMINGS } from '@/lib/timings';
import { LANGUAGE_SWITCH_FLAG } from './language-switch-flag';

export function LanguageSpinner() {
  const t = useTranslations('common');
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (sessionStorage.getItem(LANGUAGE_SWITCH_FLAG)) {
      sessionStorage.removeItem(LANGUAGE_SWITCH_FLAG);
      // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is only readable in the browser, after hydration
      setShow(true);
      const timer = setTimeout(() => setShow(false), TIMINGS.languageSpinnerMs);
      return () => clearTimeout(timer);
    }
  }, []);
  if (!show) return null;
  return (
    <div className="pointer-events-none fixed inset-0 z-50 grid place-items-center bg-white/60 dark:bg-black/50">
      <Spinner label={t('loading')} />
    </div>
  );
}
