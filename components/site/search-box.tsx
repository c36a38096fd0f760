'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from '@/lib/i18n/navigation';
import { useSearch } from './search-context';

// Only Home, Services and The Team have something to search, each with its own placeholder.
const PLACEHOLDERS: Record<string, 'searchEvents' | 'searchServices' | 'searchTeam'> = {
  '/': 'searchEvents',
  '/Services': 'searchServices',
  '/TheTeam': 'searchTeam',
};

export function SearchBox({ id, className = '' }: { id: string; className?: string }) {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const { query, setQuery } = useSearch();
  const key = PLACEHOLDERS[pathname];
  if (!key) return null;
  return (
    <div role="search" className={className}>
      <label className="sr-only" htmlFor={id}>
        {t(key)}
      </label>
      <input
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t(key)}
        className="w-full rounded-full border border-zinc-300 bg-white px-4 py-2 text-sm text-zinc-900 placeholder:text-zinc-600 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
      />
    </div>
  );
}
