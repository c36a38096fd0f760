'use client';

import { Link, usePathname } from '@/lib/i18n/navigation';

/**
 * The 404's way out: the back office's home for a back-office path, else the site's. Decided
 * from the address in the browser's component tree, so the not-found page stays static for the
 * public paths (reading the request's headers there would make every page dynamic).
 */
export function NotFoundHomeLink({ home, adminHome, className }: { home: string; adminHome: string; className: string }) {
  const admin = /^\/admin(?:\/|$)/i.test(usePathname());
  return (
    <Link href={admin ? '/Admin' : '/'} className={className} data-testid="not-found-home">
      {admin ? adminHome : home}
    </Link>
  );
}
