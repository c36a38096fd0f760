'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** Dark by default; the choice is kept in localStorage and applied before paint by ThemeScript. */
export function ThemeToggle() {
  const t = useTranslations('nav');
  const [dark, setDark] = useState(true);
  useEffect(() => setDark(document.documentElement.classList.contains('dark')), []);
  const toggle = () => {
    const next = !dark;
    document.documentElement.classList.toggle('dark', next);
    try {
      localStorage.setItem('theme', next ? 'dark' : 'light');
    } catch {}
    setDark(next);
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={dark ? t('themeToLight') : t('themeToDark')}
      title={dark ? t('themeToLight') : t('themeToDark')}
      data-testid="theme-toggle"
      className="grid size-10 place-items-center rounded-full border border-zinc-300 hover:border-brand dark:border-zinc-700"
    >
      {dark ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
        </svg>
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        </svg>
      )}
    </button>
  );
}

/** Runs before the first paint, so a visitor who chose light never sees a dark flash. */
export function ThemeScript() {
  const code = `try{if(localStorage.getItem('theme')==='light')document.documentElement.classList.remove('dark')}catch(e){}`;
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}
