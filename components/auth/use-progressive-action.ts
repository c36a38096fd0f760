'use client';

import { useActionState, useState, type FormEvent } from 'react';
import type { ActionResult } from '@/lib/admin/action-kit';
import { scriptedForm } from '@/lib/http/scripted-form';

type FormAction = (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;

/**
 * The two ways into a sign-in or sign-up action. Before scripts run, or without them, the browser
 * POSTs the form to the action (never a GET: a password must not reach a URL) and the page comes
 * back with `state`. Once scripts run, `submit` calls the action itself (marked `js`, so it
 * answers instead of redirecting) and the form shows toasts and moves on as the spec says.
 */
export function useProgressiveAction(action: FormAction) {
  const [state, formAction] = useActionState(action, null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<ActionResult> {
    event.preventDefault(); // React then leaves the form's action alone
    setBusy(true);
    return action(null, scriptedForm(event.currentTarget)).catch((): ActionResult => ({ ok: false, error: 'server' }));
  }

  /** What the browser's own POST answered, when it failed (shown under the form). */
  const posted = state && !state.ok ? state : null;
  return { formAction, posted, busy, setBusy, submit };
}
