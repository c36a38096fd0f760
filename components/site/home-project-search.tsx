'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ProjectCard as Card } from '@/lib/content/projects';
import { Link } from '@/lib/i18n/navigation';
import { pagePath } from '@/lib/pages';
import { normalizeForSearch, PROJECT_SEARCH_PATH, SEARCH_MAX } from '@/lib/search';
import { ProjectCard } from './project-card';
import { SEARCH_PARAM, useSearch } from './search-context';

/** Typing pauses this long before a search is sent: one request per pause, not per key. */
const DEBOUNCE_MS = 300;

type Answer = { q: string; ok: true; total: number; cards: Card[] } | { q: string; ok: false };

/**
 * Home's "Our projects" under the header's shared search (issue 25): with no query, the featured
 * and newest few rendered on the server (`children`); with one, the newest matching projects of
 * all of them and the exact count, asked of the server (PROJECT_SEARCH_PATH) once typing pauses.
 * The query is folded here as on the server, so "Dubai" and "dubai" are one cached answer.
 */
export function HomeProjectSearch({ children }: { children: ReactNode }) {
  const { query } = useSearch();
  const locale = useLocale();
  const t = useTranslations('home');
  const q = normalizeForSearch(query).slice(0, SEARCH_MAX);
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!q) return;
    const controller = new AbortController();
    const ask = async () => {
      try {
        const response = await fetch(`${PROJECT_SEARCH_PATH}?${new URLSearchParams({ locale, q })}`, { signal: controller.signal });
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const body = (await response.json()) as { total: number; cards: Card[] };
        setAnswer({ q, ok: true, total: body.total, cards: body.cards });
      } catch {
        // Aborted: a newer query replaced this one, and its own answer comes.
        if (!controller.signal.aborted) setAnswer({ q, ok: false });
      }
    };
    const timer = setTimeout(() => void ask(), DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, locale]);

  // Until the first answer for a query comes, the last one stays (or the server's list): no
  // empty flash between keys; the spec's search spinner covers the wait.
  const current = q ? answer : null;
  /** The answer to the query in the box, once it has come. */
  const settled = current?.q === q ? current : null;
  const box = useRef<HTMLDivElement>(null);
  // Typing in the header: the results come into view with their answer (on a phone they are a screen and a half
  // below the box, on a desktop under the slider), unless their top is in view already. Only while the person is at
  // the box, so a query carried from another page never moves the page by itself.
  useEffect(() => {
    const el = box.current;
    const typing = document.activeElement instanceof HTMLInputElement && document.activeElement.type === 'search';
    if (!settled || !el || !typing) return;
    const top = el.getBoundingClientRect().top;
    if (top >= 0 && top < window.innerHeight / 2) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, [settled]);
  const allResults = (
    <Link
      href={{ pathname: pagePath('projects'), query: { [SEARCH_PARAM]: q } }}
      className="font-semibold underline"
      data-testid="search-all"
    >
      {t('allResults')}
    </Link>
  );
  return (
    // scroll-mt: the sticky header (taller on phones, where it holds the search box) must not cover the first result.
    <div ref={box} data-search-results className="scroll-mt-32" aria-busy={Boolean(q) && !settled}>
      {/* Always mounted, so screen readers announce the count when it changes. */}
      <p
        role="status"
        className={settled ? 'mb-4 text-center text-zinc-700 dark:text-zinc-300' : 'sr-only'}
        data-testid="home-search-status"
      >
        {settled?.ok && t('projectsFound', { count: settled.total })}
        {settled?.ok === false && t('searchFailed')}
      </p>
      {settled && (!settled.ok || settled.total > 0) && <p className="mb-4 text-center">{allResults}</p>}
      {current?.ok ? (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2" data-testid="events-grid">
          {current.cards.map((project) => (
            <ProjectCard key={project.id} project={project} />
          ))}
        </ul>
      ) : (
        !current && children
      )}
    </div>
  );
}
