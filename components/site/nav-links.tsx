'use client';

import { useTranslations } from 'next-intl';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { NAV_PAGES } from '@/lib/pages';

export function NavLinks({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const t = useTranslations('nav');
  const pathname = usePathname();
  return (
    <ul className={vertical ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
      {NAV_PAGES.map((item) => {
        const active = pathname === item.path;
        return (
          <li key={item.path}>
            <Link
              href={item.path}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={`block rounded-md py-2 text-sm ${vertical ? 'px-3' : 'px-2 whitespace-nowrap xl:px-3'} font-semibold transition-colors hover:text-brand-strong dark:hover:text-brand ${
                active ? 'text-brand-strong dark:text-brand' : ''
              }`}
            >
              {t(item.key)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
