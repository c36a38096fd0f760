import createMiddleware from 'next-intl/middleware';
import { routing } from '@/lib/i18n/routing';

// Routing only (locale prefix and cookie). Access control lives in the server guard, never here.
export default createMiddleware(routing);

export const config = {
  // Not the API, Next internals, the legacy image folders, or files with an extension.
  matcher: ['/((?!api|_next|_vercel|media|sliderimges|clientimges|contactimges|teamimges|servimges|.*\\..*).*)'],
};
