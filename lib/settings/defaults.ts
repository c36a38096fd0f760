import 'server-only';
import { getTranslations } from 'next-intl/server';
import { config } from '@/lib/config';
import { getContacts } from '@/lib/content/public';
import { mainOffice } from '@/lib/offices';
import { defaultPrivacyNotice, privacyContactEmail } from './privacy';
import { settingsSchema, type SettingsInput } from './schema';
import { DEMO_SHOWREEL_URL } from './paths';

export { DEFAULT_IMAGES } from './paths';

// What each setting is while nothing is saved for it: the value the public site shows then (the
// demo brand's words in messages/*.json, the server's default recipients, the main office's
// WhatsApp, the default privacy notice). /Admin/Settings shows these in the fields, marked "Default" (issue 27: blank fields
// hid what was live), and the save stores a value equal to its default as "nothing saved", so the
// field keeps following the default (a company name changed later still heads the titles).

/** The text settings that fall back to a default when empty (retention has its own number). */
export type DefaultedField = Exclude<keyof SettingsInput, 'activityRetentionDays'>;

/**
 * Each text setting's default, normalised as a save would store it. `saved` holds the company
 * names in force (the row's, or the ones being saved): the title suffix defaults to them.
 */
export async function settingsDefaults(saved: { companyNameEn: string; companyNameAr: string }): Promise<Record<DefaultedField, string>> {
  const [en, ar, offices] = await Promise.all([getTranslations({ locale: 'en' }), getTranslations({ locale: 'ar' }), getContacts('en')]);
  const nameEn = saved.companyNameEn || saved.companyNameAr || en('meta.siteName');
  const nameAr = saved.companyNameAr || saved.companyNameEn || ar('meta.siteName');
  const email = privacyContactEmail(offices);
  const [privacyEn, privacyAr] = await Promise.all([defaultPrivacyNotice('en', nameEn, email), defaultPrivacyNotice('ar', nameAr, email)]);
  const raw: Record<DefaultedField, string> = {
    companyNameEn: en('meta.siteName'),
    companyNameAr: ar('meta.siteName'),
    aboutEn: [en('about.p1'), en('about.p2')].join('\n\n'),
    aboutAr: [ar('about.p1'), ar('about.p2')].join('\n\n'),
    figuresEn: en('home.figures'),
    figuresAr: ar('home.figures'),
    taglineEn: en('home.tagline'),
    taglineAr: ar('home.tagline'),
    titleSuffixEn: nameEn,
    titleSuffixAr: nameAr,
    descriptionEn: en('meta.home.description'),
    descriptionAr: ar('meta.home.description'),
    privacyEn,
    privacyAr,
    inquiryRecipients: config.mail.inquiryEmail,
    whatsapp: mainOffice(offices)?.whatsapp ?? '',
    // The demo's stand-in while the demo brand is in use (lib/settings/paths.ts), else none.
    showreelUrl: saved.companyNameEn || saved.companyNameAr ? '' : DEMO_SHOWREEL_URL,
  };
  // As a save stores them (addresses listed "a@x, b@y", WhatsApp as +971…), so the comparison in
  // lib/settings/save.ts is exact. A default that the schema refuses (a malformed INQUIRY_EMAIL)
  // is shown as it is and never matches.
  const parsed = settingsSchema.partial().safeParse(raw);
  return parsed.success ? { ...raw, ...pickDefined(parsed.data) } : raw;
}

function pickDefined(data: Partial<SettingsInput>): Partial<Record<DefaultedField, string>> {
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => key !== 'activityRetentionDays' && typeof value === 'string'));
}

/** Multi-line text as the form sends it (CR LF) and as the defaults hold it (LF) compare equal. */
export const sameText = (a: string, b: string) => a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();
