'use client';

import { useActionState, type ReactNode } from 'react';
import type { ActionResult } from '@/lib/admin/action-kit';

/**
 * A form of a server-rendered screen posting to its `(prevState, formData)` action: React's
 * useActionState gives the action its two arguments whether the browser posts the form (no
 * scripts: the action answers with a page) or React does.
 */
export function ActionForm({
  action,
  className,
  testId,
  children,
}: {
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const [, formAction] = useActionState(action, null);
  return (
    <form action={formAction} className={className} data-testid={testId}>
      {children}
    </form>
  );
}
