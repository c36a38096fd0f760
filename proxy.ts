import { NextResponse, type NextRequest } from 'next/server';
import { routing } from '@/lib/i18n/routing';

// Routing only, never access control (that is the server guard's job):
//  - the old client's case-insensitive paths (/services -> /Services);
//  - /en/... -> /... (English keeps the old URLs; next.config.ts maps them to /en internally);
//  - a visitor who chose Arabic (NEXT_LOCALE cookie) and opens an English URL goes to /ar/....
// next-intl's own middleware is not used: its default-locale rewrite is turned into a 307 loop by
// Next 16.2.6+ (vercel/next.js#94342), whereas a next.config rewrite stays internal.
const CANONICAL = ['Services', 'TheTeam', 'AboutUs', 'ContactUs', 'LogIn', 'SignUp', 'AwaitingApproval', 'Admin'];
const BY_LOWER = new Map(CANONICAL.map((segment) => [segment.toLowerCase(), segment]));
const COOKIE = 'NEXT_LOCALE';
const YEAR = 60 * 60 * 24 * 365;

function redirect(request: NextRequest, pathname: string, status: 307 | 308) {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  return NextResponse.redirect(url, status);
}

export default function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const parts = pathname.split('/');
  const first = parts[1] ?? '';
  const prefixed = (routing.locales as readonly string[]).includes(first);
  const index = prefixed ? 2 : 1;
  const segment = parts[index];
  const canonical = segment ? BY_LOWER.get(segment.toLowerCase()) : undefined;
  if (canonical && canonical !== segment) {
    parts[index] = canonical;
    return redirect(request, parts.join('/'), 308);
  }
  if (first === routing.defaultLocale) {
    // An explicit /en/... is a choice of English: remember it, then drop the prefix.
    const response = redirect(request, `/${parts.slice(2).join('/')}`, 307);
    response.cookies.set(COOKIE, first, { path: '/', maxAge: YEAR, sameSite: 'lax' });
    return response;
  }
  if (prefixed) {
    const response = NextResponse.next();
    // Only a page the visitor opens says which language they chose: the router's background
    // prefetch of the language toggle's /ar link must not switch them to Arabic.
    const dest = request.headers.get('sec-fetch-dest');
    if ((dest === null || dest === 'document') && request.cookies.get(COOKIE)?.value !== first) {
      response.cookies.set(COOKIE, first, { path: '/', maxAge: YEAR, sameSite: 'lax' });
    }
    return response;
  }
  const remembered = request.cookies.get(COOKIE)?.value;
  if (remembered && remembered !== routing.defaultLocale && (routing.locales as readonly string[]).includes(remembered)) {
    return redirect(request, `/${remembered}${pathname === '/' ? '' : pathname}`, 307);
  }
  return NextResponse.next();
}

export const config = {
  // Not the API, Next internals, the legacy image folders, or files with an extension.
  matcher: ['/((?!api|_next|_vercel|media|sliderimges|clientimges|contactimges|teamimges|servimges|.*\\..*).*)'],
};
