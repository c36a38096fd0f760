'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { QUOTE_ANCHOR } from '@/lib/inquiries/constants';
import { NavLinks } from './nav-links';
import { PortfolioLink } from './portfolio-link';

/**
 * Side menu for small screens, a native popover: the button opens it and Esc or a tap outside
 * closes it (focus back on the button) without any script, so a tap works from the first paint.
 * It starts under the header, whatever the header's height (app/globals.css, anchor positioning).
 * Once React runs it adds what the browser does not: the button's name and state follow the menu,
 * focus moves into the opened menu, a link closes it, and the tap that closes it by landing
 * outside does not also activate what was under it (the dimmed page). While it is open the rest
 * of the page is `inert` and Tab cycles between the button and the menu's links (issue 27: Tab
 * used to reach the page behind it); Esc closes it and focus goes back to the button.
 */
export function MobileMenu({ portfolioUrl, quoteLabel }: { portfolioUrl: string; quoteLabel?: string }) {
  const t = useTranslations('nav');
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    setHydrated(true);
    setOpen(element.matches(':popover-open'));
    const button = document.querySelector<HTMLElement>('[popovertarget="mobile-menu"]');
    let inerted: Element[] = [];
    const release = () => {
      for (const other of inerted) other.removeAttribute('inert');
      inerted = [];
    };
    const onToggle = (event: Event) => {
      const opened = (event as ToggleEvent).newState === 'open';
      setOpen(opened);
      release();
      if (!opened) return;
      inerted = inertAround(element.parentElement);
      element.querySelector<HTMLElement>('a, button, input')?.focus();
    };
    // Tab past the last link goes to the button, Shift+Tab before it to the last link.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !element.matches(':popover-open') || !button) return;
      const stops = [button, ...element.querySelectorAll<HTMLElement>('a[href], button, input')];
      const first = stops[0]!;
      const last = stops[stops.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // A press outside the open menu closes it (the browser's light dismiss) and must stop there.
    let swallow = false;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element;
      swallow = element.matches(':popover-open') && !element.contains(target) && !target.closest?.('[popovertarget="mobile-menu"]');
    };
    const onPointerCancel = () => {
      swallow = false;
    };
    const onClick = (event: MouseEvent) => {
      if (!swallow) return;
      swallow = false;
      event.preventDefault();
      event.stopPropagation();
    };
    element.addEventListener('toggle', onToggle);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('pointercancel', onPointerCancel, true);
    document.addEventListener('click', onClick, true);
    return () => {
      element.removeEventListener('toggle', onToggle);
      release();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('pointercancel', onPointerCancel, true);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  return (
    <div className="lg:hidden">
      <button
        type="button"
        popoverTarget="mobile-menu"
        // Before hydration the browser exposes the popover's state itself; an attribute
        // rendered by the server could only be stale.
        aria-expanded={hydrated ? open : undefined}
        aria-controls="mobile-menu"
        aria-label={open ? t('closeMenu') : t('openMenu')}
        data-testid="menu-button"
        className="grid size-10 place-items-center rounded-full border border-zinc-300 dark:border-zinc-700"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current" strokeWidth="2">
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <div
        ref={panel}
        id="mobile-menu"
        popover="auto"
        className="site-menu-panel fixed start-0 end-auto bottom-0 m-0 h-auto w-72 max-w-[85vw] overflow-y-auto border-0 border-e border-zinc-200 bg-white p-4 text-zinc-900 shadow-xl backdrop:bg-black/50 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
      >
        <nav aria-label={t('mainNavigation')} className="flex flex-col gap-4">
          {quoteLabel && (
            <Link
              href={{ pathname: '/ContactUs', hash: QUOTE_ANCHOR }}
              onClick={() => panel.current?.hidePopover()}
              className="btn-primary text-center"
              data-testid="menu-quote"
            >
              {quoteLabel}
            </Link>
          )}
          <NavLinks vertical onNavigate={() => panel.current?.hidePopover()} />
          <PortfolioLink
            url={portfolioUrl}
            hint={t('portfolioHint')}
            className="rounded-md px-3 py-2 text-sm font-semibold text-brand-strong dark:text-brand"
          >
            {t('portfolio')}
          </PortfolioLink>
        </nav>
      </div>
    </div>
  );
}

/**
 * Makes everything outside `keep` (the button and the menu's common parent) and its ancestors
 * inert, and returns what it changed, so closing gives back exactly that (never an element that
 * was inert already).
 */
function inertAround(keep: Element | null): Element[] {
  const changed: Element[] = [];
  for (let node = keep; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue;
      sibling.setAttribute('inert', '');
      changed.push(sibling);
    }
  }
  return changed;
}
