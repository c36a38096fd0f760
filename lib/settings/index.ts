import 'server-only';
import { cacheTag } from 'next/cache';
import { DEFAULT_RETENTION_DAYS } from '@/lib/activity/kinds';
import { cachedRead, unwrap, type CachedRead } from '@/lib/cache';
import { db } from '@/lib/db/client';
import type { SiteSettings } from '@/lib/generated/prisma/client';

// The company's own details (/Admin/Settings, one row). Empty fields mean "the demo brand": each
// reader falls back to the words in messages/*.json or the files in public/brand.

export const SETTINGS_TAG = 'settings';

export type SiteSettingsRow = Omit<SiteSettings, 'updatedAt'> & { updatedAt: string | null };

const EMPTY: SiteSettingsRow = {
  id: 1,
  companyNameEn: '',
  companyNameAr: '',
  logo: null,
  aboutEn: '',
  aboutAr: '',
  taglineEn: '',
  taglineAr: '',
  portfolio: null,
  socialImage: null,
  aboutImage: null,
  titleSuffixEn: '',
  titleSuffixAr: '',
  descriptionEn: '',
  descriptionAr: '',
  privacyEn: '',
  privacyAr: '',
  inquiryRecipients: '',
  whatsapp: '',
  signupOpen: true,
  twoFactorPolicy: 'none',
  activityRetentionDays: DEFAULT_RETENTION_DAYS,
  updatedAt: null,
};

/** The settings row (cached under the `settings` tag; a save expires it), empty fields as ''. */
async function readSiteSettings(): Promise<CachedRead<SiteSettingsRow>> {
  'use cache';
  cacheTag(SETTINGS_TAG);
  return cachedRead(async () => {
    const row = await db.siteSettings.findUnique({ where: { id: 1 } });
    return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : EMPTY;
  });
}

export const getSiteSettings = async (): Promise<SiteSettingsRow> => unwrap(await readSiteSettings());
