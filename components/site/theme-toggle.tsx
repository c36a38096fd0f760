'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/**
 * Dark by default; the choice is kept in localStorage. The click itself is handled by the head
 * script (EarlyControlsScript), so it works from the first paint; this component only follows the
 * `dark` class to name the action. The icons follow the class in CSS, right before hydration too.
 */
export function ThemeToggle() {
  const t = useTranslations('nav');
  const [dark, setDark] = useState(true);
  useEffect(() => {
    const root = document.documentElement;
    const follow = () => setDark(root.classList.contains('dark'));
    follow();
    const observer = new MutationObserver(follow);
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return (
    <button
      type="button"
      data-theme-toggle
      aria-label={dark ? t('themeToLight') : t('themeToDark')}
      title={dark ? t('themeToLight') : t('themeToDark')}
      data-testid="theme-toggle"
      className="grid size-10 place-items-center rounded-full border border-zinc-300 hover:border-brand dark:border-zinc-700"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden size-5 fill-none stroke-current dark:block" strokeWidth="2">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current dark:hidden" strokeWidth="2">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
    </button>
  );
}
