'use server';

// The activity log's action (/Admin/Activity, Admins only): restore a deleted item.
import { type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import { z } from 'zod';
import { redirect } from '@/lib/i18n/navigation';
import { activityQuery, parseActivityFilter } from '@/lib/activity/read';
import { restoreFromEntry } from '@/lib/activity/restore';
import { parseId } from '@/lib/entities/ids';
import { AppError } from '@/lib/errors';
import { routing } from '@/lib/i18n/routing';
import { argsOf, formLocale, runAction, formText } from '@/lib/admin/action-kit';
import { adminPath } from '@/lib/admin/areas';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('admin action', permission, body);

const restoreArgs = z.tuple([z.instanceof(FormData)]);

/**
 * Restores a deleted item from its activity-log entry (/Admin/Activity, Admins only). A plain
 * form's action, so it works without scripts: it always answers by going back to the log (its
 * filters kept), saying what happened (`restored` or `restoreError` in the URL).
 */
export async function restoreEntry(form: FormData): Promise<void> {
  let restored: number | null = null;
  const result = await run('users', async (user) => {
    const [data] = argsOf(restoreArgs, [form]);
    const entry = parseId(data.get('entry'));
    if (!entry) throw new AppError(400, 'badRequest');
    await restoreFromEntry(entry, await whoOfAction(user));
    restored = entry;
  });
  const filter = parseActivityFilter(Object.fromEntries(new URLSearchParams(form instanceof FormData ? formText(form, 'query') : '')));
  const query = new URLSearchParams(activityQuery(filter));
  if (result.ok && restored) query.set('restored', String(restored));
  else if (!result.ok) query.set('restoreError', result.error);
  redirect({ href: `${adminPath.activity}?${query}`, locale: form instanceof FormData ? formLocale(form) : routing.defaultLocale });
}
