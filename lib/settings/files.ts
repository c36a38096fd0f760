import 'server-only';
import { db } from '@/lib/db/client';
import type { DbClient } from '@/lib/entities/define';

/** The stored files the settings row refers to (for the orphan sweeper: these are never orphans). */
export async function settingsFileNames(client: DbClient = db): Promise<string[]> {
  const row = await client.siteSettings.findUnique({ where: { id: 1 }, select: { logo: true, socialImage: true, portfolio: true } });
  return [row?.logo, row?.socialImage, row?.portfolio].filter((name): name is string => typeof name === 'string' && name !== '');
}
