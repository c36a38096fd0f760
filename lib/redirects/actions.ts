'use server';

// The forms of /Admin/Redirects (Admins and Mini Admins: the `content` permission): save one,
// delete one. Each works without scripts: a save answers with the list again (`?saved=<id>`) or the
// form with its values and the reasons under its fields; a delete with the list (`?deleted=1`).
import { redirect } from 'next/navigation';
import { whoOfAction } from '@/lib/activity/who';
import { formArgs, argsOf, formLocale, formText, runAction, type ActionResult } from '@/lib/admin/action-kit';
import { parseId } from '@/lib/entities/ids';
import { AppError } from '@/lib/errors';
import { localePath } from '@/lib/pages';
import { adminPath } from '@/lib/admin/paths';
import { deleteRedirect, saveRedirect } from './write';

/** Saves the posted redirect (form: `id` for a change, with the `version` it was seen at; `from`, `to`, `status`, `locale`). */
export async function saveRedirectForm(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  let saved = 0;
  const result = await runAction('redirects', 'content', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const rawId = data.get('id');
    const id = rawId === null || rawId === '' ? null : parseId(rawId);
    if (rawId !== null && rawId !== '' && id === null) throw new AppError(400, 'badRequest');
    const version = data.get('version');
    saved = await saveRedirect(
      await whoOfAction(user),
      id,
      { from: data.get('from'), to: data.get('to'), status: data.get('status') },
      typeof version === 'string' ? version : null,
    );
  });
  if (result.ok) redirect(localePath(formLocale(form), `${adminPath.redirects}?saved=${saved}`));
  return { ...result, values: { from: formText(form, 'from'), to: formText(form, 'to'), status: formText(form, 'status') } };
}

/** Deletes a redirect (form: `id`, `locale`), from its confirmation: the list again, saying so or why not. */
export async function deleteRedirectForm(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const result = await runAction('redirects', 'content', async (user) => deleteRedirect(await whoOfAction(user), form.get('id')));
  redirect(
    localePath(formLocale(form), `${adminPath.redirects}?${result.ok ? 'deleted=1' : `failed=${encodeURIComponent(result.error)}`}`),
  );
}
