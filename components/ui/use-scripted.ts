'use client';

import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False in the server's HTML and while hydrating, true once the component runs in the browser:
 * what a control that also works without scripts (a link, a plain form) switches on.
 */
export function useScripted(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
