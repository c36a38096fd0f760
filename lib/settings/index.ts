import 'server-only';
import { cacheTag } from 'next/cache';
import { DEFAULT_RETENTION_DAYS } from '@/lib/activity/kinds';
import { cachedRead, refuseUnlessValid, unwrap, type CachedRead } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { asUnavailable } from '@/lib/db/faults';
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
  figuresEn: '',
  figuresAr: '',
  showreelUrl: '',
  showreelPoster: null,
  inquiryRecipients: '',
  whatsapp: '',
  signupOpen: true,
  twoFactorPolicy: 'none',
  activityRetentionDays: DEFAULT_RETENTION_DAYS,
  demoRemovedAt: null,
  updatedAt: null,
};

/**
 * What only the back office may read: who gets the inquiry mails (staff addresses) and how long
 * the activity log is kept (and when the demo was removed). Never in the cached read below, which anyone with the build's ids can
 * call (docs/security.md, "The cached readers").
 */
const PRIVATE_FIELDS = ['inquiryRecipients', 'activityRetentionDays', 'demoRemovedAt'] as const;
export type PublicSiteSettings = Omit<SiteSettingsRow, (typeof PRIVATE_FIELDS)[number]>;

const asRow = (row: SiteSettings | null): SiteSettingsRow => (row ? { ...row, updatedAt: row.updatedAt.toISOString() } : EMPTY);

function publicPart(row: SiteSettingsRow): PublicSiteSettings {
  const copy: Partial<SiteSettingsRow> = { ...row };
  for (const field of PRIVATE_FIELDS) delete copy[field];
  return copy as PublicSiteSettings;
}

/** The settings the pages use (cached under the `settings` tag; a save expires it), empty fields as ''. */
async function readSiteSettings(...extra: unknown[]): Promise<CachedRead<PublicSiteSettings>> {
  'use cache';
  await refuseUnlessValid(extra.length === 0);
  cacheTag(SETTINGS_TAG);
  return cachedRead(async () => publicPart(asRow(await db.siteSettings.findUnique({ where: { id: 1 } }))));
}

export const getSiteSettings = async (): Promise<PublicSiteSettings> => unwrap(await readSiteSettings());

/** The whole row, private fields included, read live: the back office's settings page only. */
export async function getAllSiteSettings(): Promise<SiteSettingsRow> {
  try {
    return asRow(await db.siteSettings.findUnique({ where: { id: 1 } }));
  } catch (error) {
    throw asUnavailable(error);
  }
}
