'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useDisclosure } from '@/components/ui/use-disclosure';
import { NavLinks } from './nav-links';
import { PortfolioLink } from './portfolio-link';

/** Side menu for small screens: closes on a link, an outside click or Esc, and gives focus back. */
export function MobileMenu({ portfolioUrl }: { portfolioUrl: string }) {
  const t = useTranslations('nav');
  // The panel starts under the header, whose height depends on the page (the search row).
  const [top, setTop] = useState(64);
  const { open, closeOnNavigate, panel, buttonProps, panelProps } = useDisclosure<HTMLDivElement>('mobile-menu', (button) =>
    setTop(button?.closest('header')?.getBoundingClientRect().bottom ?? 64),
  );

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('a, button, input')?.focus();
  }, [open, panel]);

  return (
    <div className="lg:hidden">
      <button
        {...buttonProps}
        aria-label={open ? t('closeMenu') : t('openMenu')}
        data-testid="menu-button"
        className="grid size-10 place-items-center rounded-full border border-zinc-300 dark:border-zinc-700"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      {open && <div aria-hidden="true" className="fixed inset-x-0 bottom-0 z-40 bg-black/50" style={{ top }} />}
      <div
        {...panelProps}
        style={{ top }}
        className="fixed bottom-0 start-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-e border-zinc-200 bg-white p-4 shadow-xl dark:border-zinc-800 dark:bg-zinc-950"
      >
        <nav aria-label={t('mainNavigation')} className="flex flex-col gap-4">
          <NavLinks vertical onNavigate={closeOnNavigate} />
          <PortfolioLink url={portfolioUrl} hint={t('portfolioHint')} className="rounded-md px-3 py-2 text-sm font-semibold text-brand-strong dark:text-brand">
            {t('portfolio')}
          </PortfolioLink>
        </nav>
      </div>
    </div>
  );
}
