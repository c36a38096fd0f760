import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { AdminLink } from '@/components/admin/admin-link';
import type { ActionResult } from '@/lib/admin/action-kit';
import { CONFIRM_DELETE_ID } from '@/lib/admin/areas';
import { ActionForm } from './action-form';

/**
 * The confirmation a Delete leads to before scripts run (or without them): the scripted page asks
 * in a dialog instead. Its form posts to the delete's action (`action`) with `fields` as hidden inputs;
 * Cancel goes back to the screen as it was (`cancelHref`).
 */
export async function PlainDeleteConfirm({
  name,
  text,
  action,
  fields,
  cancelHref,
}: {
  /** What is deleted, as its card names it. */
  name: ReactNode;
  text: string;
  action: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
  fields: Record<string, string | number>;
  cancelHref: string;
}) {
  const t = await getTranslations('admin');
  return (
    <section
      id={CONFIRM_DELETE_ID}
      aria-labelledby={`${CONFIRM_DELETE_ID}-title`}
      className="mb-6 rounded-2xl bg-white p-4 ring-2 ring-red-700 dark:bg-zinc-900 dark:ring-red-400"
      data-testid="delete-confirm"
    >
      <h2 id={`${CONFIRM_DELETE_ID}-title`} className="text-xl font-bold">
        {t('deleteTitle')}
      </h2>
      <p className="mt-2 font-semibold wrap-anywhere">{name}</p>
      <p className="mt-2 text-zinc-700 dark:text-zinc-300">{text}</p>
      <ActionForm action={action} className="mt-4 flex flex-wrap gap-3">
        {Object.entries(fields).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <button type="submit" className="btn-danger" data-testid="confirm-button">
          {t('delete')}
        </button>
        <AdminLink href={cancelHref} className="btn-secondary" data-testid="cancel-delete">
          {t('cancel')}
        </AdminLink>
      </ActionForm>
    </section>
  );
}
