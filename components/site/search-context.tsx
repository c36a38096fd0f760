'use client';

import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { TIMINGS } from '@/lib/timings';

// One search query for the whole public site: it survives navigation between Home, Services and
// The Team (this provider lives in their shared layout) and a language switch (sessionStorage).
interface SearchState {
  query: string;
  setQuery: (query: string) => void;
  /** True for a moment after typing: the spec's search spinner. */
  busy: boolean;
}

const SearchContext = createContext<SearchState>({ query: '', setQuery: () => {}, busy: false });
const STORAGE_KEY = 'site-search';
/** The search form's field name: Enter before the scripts run sends the query in the URL. */
export const SEARCH_PARAM = 'q';

export function SearchProvider({ children }: { children: ReactNode }) {
  const [query, setQueryState] = useState('');
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    // A query sent before the scripts ran (Enter in the search form adds ?q=) beats the one kept
    // from earlier; text typed into the box before hydration beats both (SearchBox's effects run
    // first and set it, hence `current ||`).
    const sent = new URLSearchParams(window.location.search).get(SEARCH_PARAM);
    const initial = sent ?? sessionStorage.getItem(STORAGE_KEY);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL and sessionStorage are only readable in the browser, after hydration
    if (initial) setQueryState((current) => current || initial);
    if (sent) document.querySelector('[data-search-results]')?.scrollIntoView({ block: 'start' });
    return () => clearTimeout(timer.current);
  }, []);

  const setQuery = useCallback((next: string) => {
    setQueryState(next);
    sessionStorage.setItem(STORAGE_KEY, next);
    setBusy(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setBusy(false), TIMINGS.searchSpinnerMs);
  }, []);

  return <SearchContext.Provider value={{ query, setQuery, busy }}>{children}</SearchContext.Provider>;
}

export const useSearch = () => useContext(SearchContext);
