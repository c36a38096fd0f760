import 'server-only';
import { changedFields, recordActivity, type Who } from '@/lib/activity';
import { DEFAULT_RETENTION_DAYS } from '@/lib/activity/kinds';
import { invalidate } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { fieldErrors } from '@/lib/entities/fields';
import type { SiteSettings } from '@/lib/generated/prisma/client';
import { assertVersion, nextUpdatedAt, NO_ROW_VERSION, versionOf } from '@/lib/entities/version';
import { invalid, type FieldErrors } from '@/lib/errors';
import { ImageError, processImage, shareCrop } from '@/lib/uploads/image';
import { checkPdf, PdfError } from '@/lib/uploads/pdf';
import { newFileName, uploads } from '@/lib/uploads/store';
import { SITE_FOLDER } from '@/lib/uploads/store-contract';
import {
  SETTINGS_FILE_FIELDS,
  SETTINGS_TEXT_FIELDS,
  settingsSchema,
  twoFactorPolicySchema,
  type SettingsFileField,
  type SettingsInput,
} from './schema';
import { settingsDefaults, sameText } from './defaults';
import { getSiteSettings, SETTINGS_TAG } from './index';

// The one write path of the site settings (one row, id 1), the same steps as a content write
// (lib/entities/crud.ts): validate everything first (a refused save stores nothing), store the new
// files, write the row under its lock, then remove the files it no longer refers to, and expire
// the `settings` tag (which also empties the page caches), so public pages change on the next request.

export interface SettingsFiles {
  /** A new file for a field (null or empty: keep the current one). */
  upload: Partial<Record<SettingsFileField, File | null>>;
  /** Fields to clear (back to the demo brand's default); a new file for the same field wins. */
  clear: ReadonlySet<SettingsFileField>;
}

interface Prepared {
  field: SettingsFileField;
  data: Buffer;
  ext: string;
}

const TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

async function prepare(field: SettingsFileField, file: File): Promise<Prepared> {
  if (field === 'portfolio') return { field, data: await checkPdf(file), ext: 'pdf' };
  const image = await processImage(file);
  // The logo, the About picture and the showreel's poster as sent (re-encoded); the social preview cut to its size.
  if (field === 'logo' || field === 'aboutImage' || field === 'showreelPoster') return { field, data: image.data, ext: image.ext };
  return { field, data: await shareCrop(image.data), ext: 'jpg' };
}

/**
 * The form shows each default in its field (lib/settings/defaults.ts): sent back unchanged, it is
 * stored as "nothing saved" (''), so the field goes on following the default.
 */
async function withoutDefaults(input: Partial<SettingsInput>): Promise<Partial<SettingsInput>> {
  const current = await getSiteSettings();
  const defaults = await settingsDefaults({
    companyNameEn: input.companyNameEn ?? current.companyNameEn,
    companyNameAr: input.companyNameAr ?? current.companyNameAr,
  });
  const kept: Partial<SettingsInput> = { ...input };
  for (const [field, value] of Object.entries(input) as [keyof SettingsInput, unknown][]) {
    if (field === 'activityRetentionDays' || typeof value !== 'string') continue;
    const fallback = defaults[field];
    if (value !== '' && fallback !== '' && sameText(value, fallback)) kept[field] = '';
  }
  return kept;
}

/** True while no settings-form value was ever saved in the row: every text empty, no file, the default retention. */
function holdsNoFormValues(row: SiteSettings): boolean {
  const texts = SETTINGS_TEXT_FIELDS.every((field) =>
    field === 'activityRetentionDays' ? row[field] === DEFAULT_RETENTION_DAYS : row[field] === '',
  );
  return texts && SETTINGS_FILE_FIELDS.every((field) => row[field] === null);
}

/**
 * Saves the fields sent (a field not sent keeps its value) and the files. Throws the 422 `invalid`
 * AppError with codes under each field; nothing is stored or changed then.
 */
export async function saveSettings(raw: Record<string, unknown>, files: SettingsFiles, who: Who, version?: string): Promise<void> {
  const provided = Object.fromEntries(SETTINGS_TEXT_FIELDS.filter((name) => raw[name] !== undefined).map((name) => [name, raw[name]]));
  const parsed = settingsSchema.partial().safeParse(provided);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const prepared: Prepared[] = [];
  for (const field of SETTINGS_FILE_FIELDS) {
    const file = files.upload[field];
    if (!(file instanceof File) || file.size === 0) continue;
    try {
      prepared.push(await prepare(field, file));
    } catch (error) {
      if (error instanceof ImageError || error instanceof PdfError) errors[field] = [error.code];
      else throw error;
    }
  }
  if (!parsed.success || Object.keys(errors).length) throw invalid(errors);
  const input = await withoutDefaults(Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined)));

  const stored: Partial<Record<SettingsFileField, string>> = {};
  try {
    for (const file of prepared) {
      const name = newFileName(file.ext);
      await uploads.put(SITE_FOLDER, name, file.data);
      stored[file.field] = name;
    }
  } catch (error) {
    for (const name of Object.values(stored)) await uploads.remove(SITE_FOLDER, name);
    throw error;
  }

  let replaced: string[];
  try {
    replaced = await db.$transaction(async (tx) => {
      // The row may not exist yet (the seed leaves it out: the demo brand). Created empty, then
      // locked: concurrent saves queue here and each removes exactly the file the row held.
      const created = await tx.$executeRaw`INSERT INTO site_settings (id, updated_at) VALUES (1, now()) ON CONFLICT (id) DO NOTHING`;
      await tx.$queryRaw`SELECT 1 FROM site_settings WHERE id = 1 FOR UPDATE`;
      const current = await tx.siteSettings.findUniqueOrThrow({ where: { id: 1 } });
      // The version the form was read at, compared under the lock (lib/entities/version.ts): a
      // row created just now was read as none, and so was one holding none of the form's values
      // yet (a switch on another screen, sign-up mode or two-factor policy, made it): a form read
      // before it existed overwrites nothing anyone saved.
      const unsaved = created || (version === NO_ROW_VERSION && holdsNoFormValues(current));
      assertVersion(unsaved ? NO_ROW_VERSION : versionOf(current), version);
      const fileData: Partial<Record<SettingsFileField, string | null>> = {};
      const old: string[] = [];
      for (const field of SETTINGS_FILE_FIELDS) {
        const next = stored[field] ?? (files.clear.has(field) ? null : undefined);
        if (next === undefined) continue;
        fileData[field] = next;
        const held = current[field];
        if (held && held !== next) old.push(held);
      }
      const updated = await tx.siteSettings.update({
        where: { id: 1 },
        data: { ...input, ...fileData, updatedAt: nextUpdatedAt(current) },
      });
      // Files by their stored names; a save that changed nothing logs nothing.
      const changes = changedFields(current, updated, [...SETTINGS_TEXT_FIELDS, ...SETTINGS_FILE_FIELDS]);
      if (Object.keys(changes).length) await recordActivity(tx, { ...who, kind: 'update', entity: 'settings', entityId: 1, changes });
      return old;
    }, TRANSACTION);
  } catch (error) {
    for (const name of Object.values(stored)) await uploads.remove(SITE_FOLDER, name);
    throw error;
  }
  // Only once the row no longer refers to them.
  for (const name of replaced) await uploads.remove(SITE_FOLDER, name);
  await invalidate(SETTINGS_TAG);
}

/** Who must use two-factor sign-in (its own small form on /Admin/Settings). 422 for anything but the three choices. */
export async function saveTwoFactorPolicy(raw: Record<string, unknown>): Promise<void> {
  const parsed = twoFactorPolicySchema.safeParse(raw);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const { twoFactorPolicy } = parsed.data;
  // Raw SQL, so `updated_at` (the settings form's version) stays: see setSignupOpen (lib/entities/user).
  await db.$executeRaw`INSERT INTO site_settings (id, two_factor_policy, updated_at) VALUES (1, ${twoFactorPolicy}, now())
    ON CONFLICT (id) DO UPDATE SET two_factor_policy = EXCLUDED.two_factor_policy`;
  await invalidate(SETTINGS_TAG);
}

/**
 * The settings form's values and version as stored now, read past the cache: what a save refused
 * over a newer version (409 `staleVersion`) shows the person (the page builds its form the same way).
 */
export async function settingsNow(): Promise<{ version: string; values: Record<string, string> }> {
  const row = await db.siteSettings.findUnique({ where: { id: 1 } });
  const values = Object.fromEntries(SETTINGS_TEXT_FIELDS.map((name) => [name, row ? String(row[name]) : '']));
  return { version: row ? versionOf(row)! : NO_ROW_VERSION, values };
}
