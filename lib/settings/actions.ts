'use server';

// The site settings' actions (/Admin/Settings, Admins only).
import { redirect as redirectTo } from 'next/navigation';
import { type CurrentUser } from '@/lib/auth/guard';
import type { Permission } from '@/lib/auth/permissions';
import { whoOfAction } from '@/lib/activity/who';
import { z } from 'zod';
import { localePath } from '@/lib/pages';
import { saveSettings as writeSettings, saveTwoFactorPolicy, settingsNow } from '@/lib/settings/save';
import { SETTINGS_FILE_FIELDS, SETTINGS_TEXT_FIELDS, type SettingsFileField } from '@/lib/settings/schema';
import { sentVersion, VERSION_FIELD } from '@/lib/entities/version';
import { argsOf, formLocale, runAction, type ActionResult, formArgs } from '@/lib/admin/action-kit';

const run = (permission: Permission | null, body: (user: CurrentUser | null) => Promise<void>) =>
  runAction('admin action', permission, body);

const saveSettingsArgs = z.tuple([z.instanceof(FormData)]);

/**
 * The site settings (/Admin/Settings). Admins only ('users'): the brand and where quote requests
 * are mailed are the company's, not content a Mini Admin edits. Text fields not sent keep their
 * value; a file field with a file replaces it, `clear_<field>=1` goes back to the demo's.
 */
export async function saveSettings(form: FormData): Promise<ActionResult> {
  const result = await run('users', async (user) => {
    const [data] = argsOf(saveSettingsArgs, [form]);
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
  if (result.ok || result.error !== 'staleVersion') return result;
  const now = await settingsNow().catch(() => null); // (the refusal stands on its own without it)
  return { ok: false, error: result.error, status: 409, ...(now ? { conflict: now } : {}) };
}

/**
 * The settings form sent without scripts (a native post; the scripted form calls saveSettings
 * itself): saved, the settings again with "Saved." (`?saved=1`); refused, the form with its
 * errors and the texts that were typed (files aside).
 */
export async function saveSettingsPlain(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  const result = await saveSettings(form);
  if (!result.ok) {
    const values: Record<string, string> = {};
    if (form instanceof FormData)
      for (const name of SETTINGS_TEXT_FIELDS) {
        const value = form.get(name);
        if (typeof value === 'string') values[name] = value;
      }
    return { ok: false, error: result.error, status: result.status, fieldErrors: result.fieldErrors, values };
  }
  redirectTo(localePath(formLocale(form), '/Admin/Settings?saved=1'));
}

/** Who must use two-factor sign-in (form: `twoFactorPolicy`, none | admins | everyone). Admins only. */
export async function saveTwoFactorSetting(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  return run('users', async () => {
    const [data] = argsOf(formArgs, [form]);
    await saveTwoFactorPolicy({ twoFactorPolicy: data.get('twoFactorPolicy') });
  });
}
