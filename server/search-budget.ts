import type { IncomingMessage as Req } from 'node:http';
import { LRUCache } from 'lru-cache';
import { PUBLIC_PAGES } from '@/lib/pages';
import { PROJECT_SEARCH_PATH, SEARCH_BURST, SEARCH_PER_SECOND } from '@/lib/search';

// The per-address budget of the project search (issue 34): Home's live search (PROJECT_SEARCH_PATH) and /Projects
// with a query string render or read the database for every query nobody asked before, so a client cycling random
// queries would cost a render each. What the page cache answers from a copy is free; the rest draws on a token
// bucket per address (SEARCH_BURST, refilled at SEARCH_PER_SECOND). Kept per instance, in a bounded map: the CPU it
// protects is this instance's, and an address forgotten under churn starts again with a full bucket (at most
// SEARCH_BURST more searches, never more memory).

const ADDRESSES_KEPT = 10_000;
const PROJECTS = PUBLIC_PAGES.find((page) => page.key === 'projects')!.path;
const buckets = new LRUCache<string, { tokens: number; at: number }>({ max: ADDRESSES_KEPT });

/** A request the budget counts: the live search, or the portfolio with a query string (filters, pages, a search). */
export function isSearch(req: Req, pathname: string): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (pathname === PROJECT_SEARCH_PATH) return true;
  const query = (req.url ?? '').slice(pathname.length + 1);
  return query.length > 0 && (pathname === PROJECTS || pathname === `/ar${PROJECTS}`);
}

/** The language of a refusal: the live search's `locale`, else the page's. */
export const searchLocale = (req: Req, pathname: string): 'en' | 'ar' =>
  pathname === PROJECT_SEARCH_PATH
    ? new URLSearchParams((req.url ?? '').slice(pathname.length)).get('locale') === 'ar'
      ? 'ar'
      : 'en'
    : /^\/ar\//.test(pathname)
      ? 'ar'
      : 'en';

/** Takes one search from the address's budget: 0 when granted, else the seconds until the next one is. */
export function takeSearch(address: string, now = performance.now()): number {
  const bucket = buckets.get(address) ?? { tokens: SEARCH_BURST, at: now };
  bucket.tokens = Math.min(SEARCH_BURST, bucket.tokens + ((now - bucket.at) / 1000) * SEARCH_PER_SECOND);
  bucket.at = now;
  buckets.set(address, bucket);
  if (bucket.tokens < 1) return Math.ceil((1 - bucket.tokens) / SEARCH_PER_SECOND);
  bucket.tokens -= 1;
  return 0;
}
