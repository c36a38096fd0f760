'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { localePath, searchFormTarget, searchPlaceholder } from '@/lib/pages';
import { SEARCH_MAX } from '@/lib/search';
import { SEARCH_PARAM, useSearch } from './search-context';

export function SearchBox({ id, className = '' }: { id: string; className?: string }) {
  const t = useTranslations('nav');
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const { query, setQuery } = useSearch();
  const input = useRef<HTMLInputElement>(null);
  // The portfolio's box shows the search its list shows: the address's ?q= (searched on the server), never the query
  // carried from Home, Services or The Team, which the list would not be filtered by (issue 35).
  const [portfolioQuery, setPortfolioQuery] = useState('');
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is only readable in the browser, after hydration
    setPortfolioQuery(new URLSearchParams(window.location.search).get(SEARCH_PARAM) ?? '');
  }, [pathname]);
  // Text typed before hydration is in the field but not in React's state (hydration keeps what
  // the visitor typed): adopt it, so the list filters by it once scripts run.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== query) setQuery(typed);
    // Once, when the field appears: later it follows the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mount only, by design (see above)
  }, []);
  // Only the pages with something to search (lib/pages.ts) show the box, each with its own placeholder.
  const key = searchPlaceholder(pathname);
  if (!key) return null;
  const target = searchFormTarget(pathname);
  const portfolio = key === 'searchProjects';
  const value = portfolio ? portfolioQuery : query;
  const clear = () => {
    if (portfolio) {
      // The list without the search (other filters kept, back to its first page).
      const params = new URLSearchParams(window.location.search);
      params.delete(SEARCH_PARAM);
      params.delete('page');
      setPortfolioQuery('');
      router.push(params.size ? `${pathname}?${params}` : pathname);
    } else setQuery('');
    input.current?.focus();
  };
  return (
    // The list filters as the visitor types; Enter (the keyboard's Search key on a phone) also
    // brings the list into view and closes the keyboard: on a phone, Home's projects are a
    // screen and a half below the search box, so the filtering was happening out of sight.
    // Before the scripts run, Enter submits the form as a plain GET (?q=…) to this page, whose
    // search then starts from it (SearchProvider); Home's goes to /Projects?q= (lib/pages.ts).
    <form
      role="search"
      action={target && localePath(locale, target)}
      className={className}
      onSubmit={(e) => {
        // The portfolio is searched on the server (all projects, lib/content/projects.ts): the
        // form's GET to the page itself is the search.
        if (key === 'searchProjects') return;
        e.preventDefault();
        e.currentTarget.querySelector('input')?.blur();
        const results = document.querySelector('[data-search-results]');
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        results?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {t(key)}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          name={SEARCH_PARAM}
          type="search"
          enterKeyHint="search"
          value={value}
          maxLength={SEARCH_MAX}
          onChange={(e) => (portfolio ? setPortfolioQuery(e.target.value) : setQuery(e.target.value))}
          placeholder={t(key)}
          className="w-full rounded-full border border-zinc-300 bg-white py-2 ps-4 pe-9 [&::-webkit-search-cancel-button]:hidden text-sm text-zinc-900 placeholder:text-zinc-600 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400"
        />
        {/* The query is carried from page to page (the spec): wherever it filters, one tap takes it away. */}
        {value && (
          <button
            type="button"
            onClick={clear}
            aria-label={t('clearSearch')}
            title={t('clearSearch')}
            data-testid="search-clear"
            className="absolute inset-y-0 end-1 my-auto grid size-8 place-items-center rounded-full text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand dark:text-zinc-400 dark:hover:text-zinc-100"
          >
            <svg
              viewBox="0 0 20 20"
              aria-hidden="true"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M5 5l10 10M15 5L5 15" />
            </svg>
          </button>
        )}
      </div>
    </form>
  );
}
