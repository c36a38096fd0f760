'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { normalizeForSearch, SEARCH_FIELD_SEPARATOR } from '@/lib/search';
import { useSearch } from './search-context';

/**
 * Filters server-rendered items live. Each item carries `data-search` (its searchable text,
 * already normalized on the server), so the list itself never has to be shipped to the browser
 * as data: the HTML is the only copy.
 */
export function SearchFilter({ children, noResults, clear }: { children: ReactNode; noResults: string; clear: string }) {
  const { query, setQuery } = useSearch();
  const box = useRef<HTMLDivElement>(null);
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    const q = normalizeForSearch(query);
    let shown = 0;
    box.current?.querySelectorAll<HTMLElement>('[data-search]').forEach((item) => {
      const match = !q || (item.dataset.search ?? '').split(SEARCH_FIELD_SEPARATOR).some((field) => field.includes(q));
      item.hidden = !match;
      if (match) shown += 1;
    });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the result count comes from the DOM the effect just filtered
    setEmpty(shown === 0);
  }, [query]);
  return (
    // scroll-mt: the sticky header (taller on phones, where it holds the search box) must not cover the first result.
    <div ref={box} data-search-results className="scroll-mt-32">
      {/* Always mounted, so screen readers announce the message when it appears. */}
      <p role="status" className={empty ? 'mb-4 text-center text-zinc-700 dark:text-zinc-300' : 'sr-only'}>
        {empty ? noResults : ''}
      </p>
      {/* A query carried from another page may be what empties this one: the way back to the whole list, here. */}
      {empty && query && (
        <p className="mb-6 text-center">
          <button type="button" onClick={() => setQuery('')} className="btn-secondary" data-testid="search-clear-results">
            {clear}
          </button>
        </p>
      )}
      {children}
    </div>
  );
}
