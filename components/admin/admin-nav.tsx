'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';

export interface MenuItem {
  key: string;
  href: string;
  /** Other paths that belong to this section (create and edit screens). */
  prefixes: string[];
}

/** Side menu on wide screens; at 768 px or less (the spec's breakpoint) it becomes a dropdown. */
export function AdminNav({ items }: { items: MenuItem[] }) {
  const t = useTranslations('admin');
  const pathname = usePathname();
  const router = useRouter();
  const active = items.find((item) => item.prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`)));
  return (
    <>
      <nav aria-label={t('menuLabel')} className="hidden min-[769px]:block">
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                href={item.href}
                aria-current={active?.key === item.key ? 'page' : undefined}
                className={`block rounded-lg px-4 py-2 font-semibold hover:bg-zinc-200 dark:hover:bg-zinc-800 ${active?.key === item.key ? 'bg-brand text-black hover:bg-brand' : ''}`}
              >
                {t(`menu.${item.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-[769px]:hidden">
        <label htmlFor="admin-menu-select" className="sr-only">
          {t('menuSelect')}
        </label>
        <select
          id="admin-menu-select"
          className="field-input"
          value={active?.href ?? ''}
          onChange={(e) => e.target.value && router.push(e.target.value)}
          data-testid="admin-menu-select"
        >
          <option value="">{t('choose')}</option>
          {items.map((item) => (
            <option key={item.key} value={item.href}>
              {t(`menu.${item.key}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
