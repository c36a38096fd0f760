import 'server-only';
import { db } from '@/lib/db/client';
import type { DbClient } from '@/lib/db/types';
import { SETTINGS_FILE_FIELDS, type SettingsFileField } from './schema';

/** The stored files the settings row refers to (for the orphan sweeper: these are never orphans). */
export async function settingsFileNames(client: DbClient = db): Promise<string[]> {
  const select = Object.fromEntries(SETTINGS_FILE_FIELDS.map((field) => [field, true])) as Record<SettingsFileField, true>;
  const row = await client.siteSettings.findUnique({ where: { id: 1 }, select });
  return SETTINGS_FILE_FIELDS.map((field) => row?.[field]).filter((name): name is string => typeof name === 'string' && name !== '');
}
