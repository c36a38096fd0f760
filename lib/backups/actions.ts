'use server';

// The backups' actions (issue 33; /Admin/Backups, Admins only). Both work without scripts.
import { redirect as redirectTo } from 'next/navigation';
import { type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import { recordActivityAlone } from '@/lib/activity';
import { requestBackup } from '@/lib/backups/runner';
import { createDownloadLink, downloadableRun } from '@/lib/backups/status';
import { localePath } from '@/lib/pages';
import { parseId } from '@/lib/entities/ids';
import { AppError } from '@/lib/errors';
import { argsOf, formLocale, runAction, type ActionResult, formArgs } from '@/lib/admin/action-kit';
import { adminPath } from '@/lib/admin/areas';
import { isScripted } from '@/lib/http/scripted-form';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('backup action', permission, body);

/**
 * "Back up now": a requested run that a server's backup runner takes within seconds (pressed again
 * while one waits, the same run). The answer is the form's state, with and without scripts (the
 * screen is then drawn again, the waiting run on its list).
 */
export async function requestBackupNow(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async (user) => {
    argsOf(formArgs, [form]);
    const me = user!;
    const runId = await requestBackup('manual', me.id);
    await recordActivityAlone({ ...(await whoOfAction(me)), kind: 'backupRequested', entity: 'backups', entityId: runId });
  });
}

export type DownloadResult = ActionResult & { url?: string };

/**
 * Download (form: `run`, `locale`): a single-use link to that archive, for this Admin alone, for a
 * few minutes (lib/backups/status.ts). Posted without scripts it redirects there (a 303 the
 * browser follows, and the archive downloads); called by the scripted form (`js`) it answers with
 * the link, which the page then opens. A scripted call must not redirect: Next would fetch the
 * target itself to render it, and that fetch would spend the link.
 */
export async function downloadBackup(_previous: DownloadResult | null, form: FormData): Promise<DownloadResult> {
  let url = '';
  const result = await run('users', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const runId = parseId(data.get('run'));
    const archive = runId ? await downloadableRun(runId) : null;
    if (!archive) throw new AppError(404, 'notFound');
    url = localePath(formLocale(data), adminPath.backupDownload(await createDownloadLink(archive.id, user!.id)));
  });
  if (result.ok && !isScripted(form)) redirectTo(url);
  return result.ok ? { ok: true, url } : result;
}
