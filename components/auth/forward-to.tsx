'use client';

import { useEffect } from 'react';

/**
 * Moves on to `href` as soon as the page runs (a full load, so the next page is read with the
 * session just issued); the notice it sits in keeps a link there for a browser without scripts.
 */
export function ForwardTo({ href }: { href: string }) {
  useEffect(() => {
    window.location.assign(href);
  }, [href]);
  return null;
}
