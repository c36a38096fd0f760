'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState, type MouseEvent } from 'react';
import type { AreaKey } from '@/lib/admin/areas';
import { usePathname } from '@/lib/i18n/navigation';
import { AdminLink } from '@/components/admin/admin-link';
import { useDismiss } from '@/components/ui/use-disclosure';
import { useScripted } from '@/components/ui/use-scripted';

export interface MenuItem {
  key: AreaKey | 'users' | 'settings' | 'inquiries' | 'activity' | 'backups' | 'redirects' | 'seo';
  href: string;
  /** Other paths that belong to this section (create and edit screens). */
  prefixes: string[];
  /** A count beside the name (unread inquiries) and the words a screen reader says for it. */
  badge?: { count: number; label: string };
}

function MenuLinks({
  items,
  activeKey,
  itemClass,
  onNavigate,
}: {
  items: MenuItem[];
  activeKey: string | undefined;
  itemClass: string;
  onNavigate?: () => void;
}) {
  const t = useTranslations('admin');
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.key}>
          <AdminLink
            href={item.href}
            onClick={onNavigate}
            aria-current={activeKey === item.key ? 'page' : undefined}
            className={`block rounded-lg px-4 font-semibold hover:bg-zinc-200 dark:hover:bg-zinc-800 ${itemClass} ${activeKey === item.key ? 'bg-brand text-black hover:bg-brand dark:hover:bg-brand' : ''}`}
          >
            {t(`menu.${item.key}`)}
            {item.badge && item.badge.count > 0 && (
              <>
                <span
                  aria-hidden="true"
                  className="ms-2 inline-grid min-w-6 place-items-center rounded-full bg-red-700 px-1.5 text-xs leading-6 font-bold text-white"
                  data-testid={`menu-badge-${item.key}`}
                >
                  {item.badge.count}
                </span>
                <span className="sr-only"> ({item.badge.label})</span>
              </>
            )}
          </AdminLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Side menu on wide screens; at 768 px or less (the spec's breakpoint) the section switcher of the
 * phone's top bar: a <details> naming the current section that opens the same links. A <details>
 * opens without scripts too; with them, Esc and a press outside close it. Links rather than a
 * navigating <select>, where each arrow key press would load another screen (WCAG 3.2.2).
 */
export function AdminNav({ items }: { items: MenuItem[] }) {
  const t = useTranslations('admin');
  const pathname = usePathname();
  const active = items.find((item) => item.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
  const [open, setOpen] = useState(false);
  // Before hydration (or without scripts) the <details> alone decides what shows.
  const scripted = useScripted();
  const summary = useRef<HTMLElement>(null);
  const panel = useRef<HTMLElement>(null);

  useDismiss(open, () => {
    setOpen(false);
    summary.current?.focus();
  }, [panel, summary]);

  function toggle(event: MouseEvent) {
    // The state, not the browser, opens and closes it once scripts run (one source of truth).
    event.preventDefault();
    setOpen((was) => !was);
  }

  return (
    <>
      <nav aria-label={t('menuLabel')} className="hidden min-[769px]:block">
        <MenuLinks items={items} activeKey={active?.key} itemClass="py-2" />
      </nav>
      <details open={scripted ? open : undefined} className="min-w-0 flex-1 min-[769px]:hidden" data-testid="admin-switcher">
        <summary
          ref={summary}
          onClick={toggle}
          aria-expanded={scripted ? open : undefined}
          aria-controls="admin-menu-dropdown"
          data-testid="admin-menu-toggle"
          className="field-input flex h-10 cursor-pointer list-none items-center justify-between gap-1 px-2 py-0 text-start text-sm font-semibold [&::-webkit-details-marker]:hidden"
        >
          <span className="truncate">
            <span className="sr-only">{t('menuSelect')} </span>
            {active ? t(`menu.${active.key}`) : t('choose')}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={`size-5 shrink-0 fill-none stroke-current transition-transform ${open ? 'rotate-180' : ''}`}
            strokeWidth="2"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </summary>
        <nav
          ref={panel}
          id="admin-menu-dropdown"
          aria-label={t('menuLabel')}
          hidden={scripted ? !open : undefined}
          className="absolute inset-x-0 top-full z-30 max-h-[calc(100svh-4rem)] overflow-y-auto border-b border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <MenuLinks items={items} activeKey={active?.key} itemClass="py-3" onNavigate={() => setOpen(false)} />
        </nav>
      </details>
    </>
  );
}
