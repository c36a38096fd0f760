'use client';

import { useLinkStatus } from 'next/link';
import { createContext, use, useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { AdminLoading } from './admin-status';

/**
 * The back office's "a spinner shows while loading" (spec), from the link that was followed rather
 * than a route-level `loading.tsx`. That boundary streamed every screen after its spinner and only
 * React's script swapped it in, so without scripts the back office stayed on the spinner. Here
 * the server sends each screen whole; in the browser a followed AdminLink reports its pending
 * navigation (Next's `useLinkStatus`) and AdminScreen shows the spinner in the screen's place
 * until the next screen is there.
 */
interface Waiting {
  /** A link's navigation started (its href, unprefixed: the spinner's words depend on it). */
  start: (href: string) => void;
  /** It ended (arrived, or was replaced by another one). */
  end: (href: string) => void;
}

const WaitingContext = createContext<Waiting>({ start: () => {}, end: () => {} });
const TargetContext = createContext<string | null>(null);

export function AdminNavigation({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<string | null>(null);
  const waiting = useMemo<Waiting>(
    () => ({
      start: setTarget,
      // Only the navigation being waited for ends the wait: a click on a second link cancels the
      // first, whose end must not hide the second's spinner.
      end: (href) => setTarget((current) => (current === href ? null : current)),
    }),
    [],
  );
  return (
    <WaitingContext value={waiting}>
      <TargetContext value={target}>{children}</TargetContext>
    </WaitingContext>
  );
}

/** The screen, or the spinner while a followed link's next screen loads (the screen kept, hidden). */
export function AdminScreen({ children }: { children: ReactNode }) {
  const target = use(TargetContext);
  return (
    <>
      {target !== null && <AdminLoading pathname={target} />}
      <div hidden={target !== null}>{children}</div>
    </>
  );
}

function PendingReport({ href }: { href: string }) {
  const { pending } = useLinkStatus();
  const { start, end } = use(WaitingContext);
  useEffect(() => {
    if (!pending) return;
    start(href);
    return () => end(href);
  }, [pending, href, start, end]);
  return null;
}

/** The locale-aware Link of the back office: a followed one puts the spinner in the screen's place. */
export function AdminLink({ children, ...props }: ComponentProps<typeof Link>) {
  const href = typeof props.href === 'string' ? props.href : (props.href.pathname ?? '');
  return (
    <Link {...props}>
      {children}
      <PendingReport href={href} />
    </Link>
  );
}
