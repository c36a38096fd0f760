// Search that forgives how people type Arabic: diacritics (harakat), tatweel and the superscript
// alef are ignored; alef forms (أ إ آ ٱ) fold to ا, ta marbuta to ha, alef maqsura to ya.
/** The longest search query anything reads (longer is cut or refused): the site's and every back-office list's `?q=`. */
export const SEARCH_MAX = 100;

/**
 * The searches one address may have answered by a render or a database read (issue 34: a random
 * query misses every cache): SEARCH_BURST at once, then SEARCH_PER_SECOND. A person clicking
 * filters and pages stays far below; a flood of random queries gets 429 (server/search-budget.ts).
 */
export const SEARCH_BURST = 60;
export const SEARCH_PER_SECOND = 1;

/**
 * Home's live project search (app/project-search.json/route.ts): a path with a dot, so it is no
 * page path (the page cache keys it by its whole URL, query included) and never redirected by
 * language (next.config.ts).
 */
export const PROJECT_SEARCH_PATH = '/project-search.json';

const DIACRITICS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;

export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(DIACRITICS, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the query is empty or found in any of the fields. */
export function matches(query: string, ...fields: string[]): boolean {
  const q = normalizeForSearch(query);
  if (!q) return true;
  return fields.some((field) => normalizeForSearch(field).includes(q));
}

export const SEARCH_FIELD_SEPARATOR = '\u001f';

/** The value for an item's `data-search`: each field normalized, kept apart so a query never spans two. */
export const searchAttr = (...fields: string[]) => fields.map(normalizeForSearch).join(SEARCH_FIELD_SEPARATOR);
