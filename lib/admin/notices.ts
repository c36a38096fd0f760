// The notices a screen shows after a form sent without scripts came back (`?saved=`, `?failed=`).
import { LEAD_FORMS } from '@/lib/inquiries/constants';

/** `?saved=` after an item's save or delete sent without scripts. */
export const savedNotice = (value: unknown) => (value === 'created' || value === 'updated' || value === 'deleted' ? value : undefined);

/** `?saved=` / `?failed=` after a lead's form sent without scripts. */
export function plainLeadNotice(query: Record<string, string | string[] | undefined>) {
  const known = (value: unknown) => LEAD_FORMS.find((form) => form === value);
  const saved = known(query.saved);
  const failed = known(query.failed);
  return saved ? { form: saved, ok: true } : failed ? { form: failed, ok: false } : undefined;
}

/** The refusals of a delete that say why (a key under "errors"); any other says it failed. */
export const DELETE_REASONS = ['clientHasEvents', 'clientHasTestimonials', 'lastAdmin'] as const;
export const deleteReason = (code: unknown): (typeof DELETE_REASONS)[number] | undefined =>
  DELETE_REASONS.find((reason) => reason === code);
