'use client';

import { useTranslations } from 'next-intl';
import type { ActionResult } from '@/lib/admin/action-kit';
import { runtimeKey } from '@/lib/i18n/keys';

/**
 * The words of a form action's answer, as every account form shows them: `error(field)` for a
 * field's codes (under `validation`), `refusal` for a refusal that is not about one field (under
 * `errors`, the generic server words for a code without its own).
 */
export function useFormFeedback(state: ActionResult | null) {
  const tv = useTranslations('validation');
  const errors = useTranslations('errors');
  const failed = state && !state.ok ? state : null;
  const error = (field: string) =>
    failed?.fieldErrors?.[field]?.map((code) => (tv.has(runtimeKey(code)) ? tv(runtimeKey(code)) : code)).join(' ');
  const refusal =
    failed && !failed.fieldErrors ? (errors.has(runtimeKey(failed.error)) ? errors(runtimeKey(failed.error)) : errors('server')) : '';
  return { failed, error, refusal };
}
