'use client';

import { useTranslations } from 'next-intl';
import { useDisclosure } from '@/components/ui/use-disclosure';
import type { AreaKey } from '@/lib/admin/areas';
import { Link, usePathname } from '@/lib/i18n/navigation';

export interface MenuItem {
  key: AreaKey | 'users' | 'settings' | 'inquiries' | 'activity';
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
          <Link
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
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Side menu on wide screens; at 768 px or less (the spec's breakpoint) a dropdown: a button naming
 * the current section that opens the same links. Links rather than a navigating <select>, where
 * each arrow key press would load another screen (WCAG 3.2.2).
 */
export function AdminNav({ items }: { items: MenuItem[] }) {
  const t = useTranslations('admin');
  const pathname = usePathname();
  const active = items.find((item) => item.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
  const { open, closeOnNavigate, buttonProps, panelProps } = useDisclosure<HTMLElement>('admin-menu-dropdown');
  return (
    <>
      <nav aria-label={t('menuLabel')} className="hidden min-[769px]:block">
        <MenuLinks items={items} activeKey={active?.key} itemClass="py-2" />
      </nav>
      <div className="relative min-[769px]:hidden">
        <button
          {...buttonProps}
          data-testid="admin-menu-toggle"
          className="field-input flex items-center justify-between gap-2 text-start font-semibold"
        >
          <span>
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
        </button>
        <nav
          {...panelProps}
          aria-label={t('menuLabel')}
          hidden={!open}
          className="absolute inset-x-0 top-full z-30 mt-1 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <MenuLinks items={items} activeKey={active?.key} itemClass="py-3" onNavigate={closeOnNavigate} />
        </nav>
      </div>
    </>
  );
}
