import 'server-only';
import { headers } from 'next/headers';
import { redirect } from '@/lib/i18n/navigation';
import { RETURN_PARAM, WANTED_PATH_HEADER, safeReturnPath } from './return-path';

/**
 * Sends a visitor the guard refused to the sign-in page, naming the back-office page they asked
 * for (proxy.ts put it in the request), so signing in leads back there (lib/auth/return-path.ts).
 */
export async function redirectToSignIn(locale: string): Promise<never> {
  const wanted = safeReturnPath((await headers()).get(WANTED_PATH_HEADER));
  return redirect({ href: wanted ? { pathname: '/LogIn', query: { [RETURN_PARAM]: wanted } } : '/LogIn', locale });
}
