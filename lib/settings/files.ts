import 'server-only';
import { db } from '@/lib/db/client';
import type { DbClient } from '@/lib/db/types';
import { SETTINGS_FILE_FIELDS, type SettingsFileField } from './schema';

/** The stored files the settings row and the fixed pages' search settings refer to (for the orphan sweeper: never orphans). */
export async function settingsFileNames(client: DbClient = db): Promise<string[]> {
  const select = Object.fromEntries(SETTINGS_FILE_FIELDS.map((field) => [field, true])) as Record<SettingsFileField, true>;
  const [row, pages] = await Promise.all([
    client.siteSettings.findUnique({ where: { id: 1 }, select }),
    // The fixed pages' share images (lib/settings/page-seo.ts) are stored beside them.
    client.pageSeo.findMany({ where: { image: { not: null } }, select: { image: true } }),
  ]);
  return [...SETTINGS_FILE_FIELDS.map((field) => row?.[field]), ...pages.map((page) => page.image)].filter(
    (name): name is string => typeof name === 'string' && name !== '',
  );
}
