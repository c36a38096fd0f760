import { hasLocale } from 'next-intl';
import { SHARED_CACHE_CONTROL } from '@/lib/cache';
import { parseProjectFilter, searchHomeProjects } from '@/lib/content/projects';
import { isUnavailable, RETRY_AFTER_SECONDS } from '@/lib/db/faults';
import { preferredLocale } from '@/lib/http/accept-language';
import { errorMessage, type Locale } from '@/lib/i18n/messages';
import { routing } from '@/lib/i18n/routing';
import { SEARCH_MAX } from '@/lib/search';

// Home's live project search (issue 25): GET /project-search.json?locale=ar&q=…, answered from
// the same cached read as /Projects' search (lib/content/projects.ts), at most HOME_PROJECTS
// cards and the exact count, so the answer stays a few KB whatever the number of projects and
// nothing ships the whole list. Kept by shared caches like a page and emptied by every write
// (SHARED_CACHE_CONTROL); a query past SEARCH_MAX is refused before any read.

export const dynamic = 'force-dynamic';

const refusal = (status: number, code: string, locale: Locale, extra: Record<string, string> = {}) =>
  Response.json({ message: errorMessage(code, locale) }, { status, headers: { 'Cache-Control': 'no-store', ...extra } });

export async function GET(request: Request) {
  const params = new URL(request.url).searchParams;
  const asked = params.get('locale');
  const locale: Locale = hasLocale(routing.locales, asked) ? asked : preferredLocale(request.headers.get('accept-language'));
  if (asked !== locale) return refusal(400, 'searchLanguage', locale);
  const raw = params.get('q') ?? '';
  if (raw.length > SEARCH_MAX) return refusal(400, 'searchTooLong', locale);
  const { q } = parseProjectFilter({ q: raw });
  if (!q) return refusal(400, 'searchEmpty', locale);
  try {
    const { total, cards } = await searchHomeProjects(locale, q);
    return Response.json({ total, cards }, { headers: { 'Cache-Control': SHARED_CACHE_CONTROL } });
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    return refusal(503, 'unavailable', locale, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
}
