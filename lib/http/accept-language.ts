// The language of an answer that has no page to take it from (/api errors, the request guard's
// refusals): the caller's most preferred of the site's two by Accept-Language, English otherwise.

const SUPPORTED = new Set(['en', 'ar']);
// A real header lists a handful of languages; a hostile one is not read past this.
const MAX_ENTRIES = 32;

export function preferredLocale(header: string | null | undefined): 'en' | 'ar' {
  if (!header) return 'en';
  let best: 'en' | 'ar' = 'en';
  let bestQ = 0;
  for (const entry of header.slice(0, 1024).split(',', MAX_ENTRIES)) {
    const [tag = '', ...params] = entry.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0] ?? '';
    if (!SUPPORTED.has(language)) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim() === 'q') q = Number(value);
    }
    if (Number.isFinite(q) && q > bestQ) {
      best = language as 'en' | 'ar';
      bestQ = q;
    }
  }
  return best;
}

/**
 * A first visit's language on the public site (issue 27): Arabic when Arabic comes before English
 * in the visitor's Accept-Language (`ar-AE,ar;q=0.9,en;q=0.8`), English otherwise (`en-GB`, `fr`,
 * none). Browsers list languages most preferred first, so the order is the preference; unlike
 * `preferredLocale` it reads no q-value, so it can be a regular expression, and one expression is
 * what decides in all three places that must agree: next.config.ts's redirect (a `has` header
 * value, which Next anchors as `^…$`, case-sensitive), the server's page cache key
 * (server/page-cache.ts) and, in PCRE, nginx's key (deploy/nginx.conf `$accept_language_first`).
 */
// Each skipped entry is `[^,]*,` alone (the lookahead reads its leading spaces): an entry can be
// matched one way only, so a long hostile header costs linear time, not exponential backtracking.
export const ARABIC_FIRST = String.raw`(?:(?!\s*[Ee][Nn](?:[-\s;,]|$))[^,]*,)*\s*[Aa][Rr](?:-[^,;]*)?\s*(?:[;,].*)?`;

const arabicFirst = new RegExp(`^${ARABIC_FIRST}$`);

/** Whether a first visit with this Accept-Language lands on Arabic (`ARABIC_FIRST`). */
export const arabicFirstVisit = (header: string | undefined): boolean => arabicFirst.test(header ?? '');
