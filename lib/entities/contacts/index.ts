import 'server-only';
import { defineEntity, type SocialLink } from '@/lib/entities/define';
import type { Contact } from '@/lib/generated/prisma/client';
import { contactsMeta } from './meta';
import { pagePath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

/**
 * A contact's social links, in the order the contact page shows them. One rule for the back
 * office and the public page: rows from the old backend may lack a scheme, and a bare domain
 * would become a relative link, so it gets https:// (what the schema does to new input).
 */
export function socialLinks(c: Contact): SocialLink[] {
  return (
    [
      ['linkedin', c.linkedinUrl],
      ['instagram', c.instagramUrl],
      ['tiktok', c.tiktokUrl],
      ['youtube', c.youtubeUrl],
    ] as const
  )
    .filter(([, url]) => url)
    .map(([kind, url]) => ({ kind, url: /^https?:\/\//i.test(url) ? url : `https://${url}` }));
}

export const contacts = defineEntity<Contact>()(contactsMeta, {
  table: 'contacts',
  delegate: (client) => client.contact,
  orderBy: { id: 'asc' },
  sitePath: () => pagePath('contact'),
  card: (c, _l, image) => ({ id: c.id, image, title: c.phone, subtitle: c.email, links: socialLinks(c) }),
  view: (c, l) => ({
    id: c.id,
    phone: c.phone,
    email: c.email,
    links: socialLinks(c),
    whatsapp: c.whatsapp,
    officeName: localized(c, 'officeName', l),
    address: localized(c, 'address', l),
    hours: localized(c, 'hours', l),
    /** What the map and the directions search for, the same in both languages: the map location, else the English address. */
    mapPlace: c.mapLocation || c.addressEn.replace(/\s*\n\s*/g, ', '),
  }),
});
