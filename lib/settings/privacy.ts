import 'server-only';
import { cache } from 'react';
import { getTranslations } from 'next-intl/server';
import { getContacts, type ContactView } from '@/lib/content/public';
import { mainOffice } from '@/lib/offices';
import { inLanguage } from '@/lib/entities/bilingual';
import { getBrand, paragraphs } from './brand';
import { getSiteSettings } from './index';

// The privacy notice (/Privacy, issue 27), which the quote form's consent line links to: the text
// saved in the settings for the page's language, else the default notice in that language
// (messages/*.json `privacy.defaultNotice`), which names the company and the main office's
// e-mail as they are now. /Admin/Settings shows the same default (lib/settings/defaults.ts).

const DEFAULT_PARAGRAPHS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'] as const;

/** The default notice in one language, paragraphs separated by blank lines as a setting holds them. */
export async function defaultPrivacyNotice(locale: string, company: string, email: string): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'privacy.defaultNotice' });
  const values = { company, email, hasEmail: email ? 'yes' : 'no' };
  return DEFAULT_PARAGRAPHS.map((key) => t(key, values)).join('\n\n');
}

/** Where the default notice sends requests to see or delete one's details: the main office's e-mail ('' for none). */
export function privacyContactEmail(contacts: readonly ContactView[]): string {
  return mainOffice(contacts)?.email ?? '';
}

/** The notice's paragraphs in one language (cached reads: the settings' tag and the contacts'). */
export const getPrivacyNotice = cache(async function getPrivacyNotice(locale: string): Promise<string[]> {
  const [settings, brand, contacts] = await Promise.all([getSiteSettings(), getBrand(locale), getContacts(locale)]);
  // Each language on its own: a notice saved in English only leaves the Arabic page its default
  // Arabic notice (a legal text in the other language would not be understood).
  const saved = inLanguage(settings, 'privacy', locale);
  return paragraphs(saved || (await defaultPrivacyNotice(locale, brand.name, privacyContactEmail(contacts))));
});
