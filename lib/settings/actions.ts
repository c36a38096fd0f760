'use server';

// The site settings' actions (/Admin/Settings, Admins only).
import { redirect as redirectTo } from 'next/navigation';
import { type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import { localePath } from '@/lib/pages';
import { saveSettings as writeSettings, saveTwoFactorPolicy, settingsNow } from '@/lib/settings/save';
import { SETTINGS_FILE_FIELDS, SETTINGS_TEXT_FIELDS, type SettingsFileField } from '@/lib/settings/schema';
import { sentVersion, VERSION_FIELD } from '@/lib/entities/version';
import { argsOf, formLocale, runAction, type ActionResult, formArgs } from '@/lib/admin/action-kit';
import { isScripted } from '@/lib/http/scripted-form';
import { savePageSeo } from '@/lib/settings/page-seo';
import { PAGE_SEO_TEXT_FIELDS } from '@/lib/settings/page-seo-schema';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('admin action', permission, body);

/**
 * The site settings form (/Admin/Settings). Admins only ('users'): the brand and where quote
 * requests are mailed are the company's, not content a Mini Admin edits. Text fields not sent keep
 * their value; a file field with a file replaces it, `clear_<field>=1` goes back to the demo's.
 * Called by the form's script it answers in place; posted by the browser, saved is the settings
 * again with "Saved." (`?saved=1`), refused the form with its errors and the texts typed (files aside).
 */
export async function saveSettings(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await run('users', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const raw: Record<string, unknown> = {};
    for (const name of SETTINGS_TEXT_FIELDS) {
      const value = data.get(name);
      if (typeof value === 'string') raw[name] = value;
    }
    const upload: Partial<Record<SettingsFileField, File | null>> = {};
    const clear = new Set<SettingsFileField>();
    for (const field of SETTINGS_FILE_FIELDS) {
      const value = data.get(field);
      upload[field] = value instanceof File && value.size > 0 ? value : null;
      if (data.get(`clear_${field}`) === '1') clear.add(field);
    }
    await writeSettings(raw, { upload, clear }, await whoOfAction(user), sentVersion(data.get(VERSION_FIELD)));
  });
  // Saved in between by someone else: the form shows what is saved now (as saveItem's does).
  const now = !result.ok && result.error === 'staleVersion' ? await settingsNow().catch(() => null) : null; // (the refusal stands on its own without it)
  const answer: ActionResult =
    result.ok || result.error !== 'staleVersion'
      ? result
      : { ok: false, error: result.error, status: 409, ...(now ? { conflict: now } : {}) };
  if (!(form instanceof FormData) || isScripted(form)) return answer;
  if (answer.ok) redirectTo(localePath(formLocale(form), '/Admin/Settings?saved=1'));
  const values: Record<string, string> = {};
  for (const name of SETTINGS_TEXT_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  return { ...answer, values };
}

/** Who must use two-factor sign-in (form: `twoFactorPolicy`, none | admins | everyone). Admins only. */
export async function saveTwoFactorSetting(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async () => {
    const [data] = argsOf(formArgs, [form]);
    await saveTwoFactorPolicy({ twoFactorPolicy: data.get('twoFactorPolicy') });
  });
}

/**
 * A fixed page's search and sharing (/Admin/Seo/{page}; form: `page`, the four texts, `image`,
 * `clearImage=1`, `version`, `locale`). Admins and Mini Admins: it is the pages' content. Saved:
 * the page's form again, saying so (`?saved=1`, drawn from what is stored); refused: the form's
 * state, with the texts typed and the reasons under their fields.
 */
export async function savePageSeoForm(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  if (!(form instanceof FormData)) return { ok: false, error: 'badRequest' };
  const result = await run('content', async (user) => {
    const [data] = argsOf(formArgs, [form]);
    const raw: Record<string, unknown> = {};
    for (const name of PAGE_SEO_TEXT_FIELDS) {
      const value = data.get(name);
      if (typeof value === 'string') raw[name] = value;
    }
    const file = data.get('image');
    await savePageSeo(
      await whoOfAction(user),
      data.get('page'),
      raw,
      { file: file instanceof File && file.size > 0 ? file : null, clear: data.get('clearImage') === '1' },
      sentVersion(data.get(VERSION_FIELD)),
    );
  });
  if (result.ok) redirectTo(localePath(formLocale(form), `/Admin/Seo/${String(form.get('page'))}?saved=1`));
  const values: Record<string, string> = {};
  for (const name of PAGE_SEO_TEXT_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') values[name] = value.slice(0, 1000);
  }
  return { ...result, ...(result.error === 'staleVersion' ? { status: 409 } : {}), values };
}
