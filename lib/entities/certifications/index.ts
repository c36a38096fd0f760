import 'server-only';
import { defineEntity, rowDocumentUrl } from '@/lib/entities/define';
import type { Certification } from '@/lib/generated/prisma/client';
import { certificationsMeta } from './meta';
import { pagePath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/**
 * A certification or award (issue 37 item 2), on About and Home until its last valid day
 * (`expiresOn`, a UAE day): the public read leaves it out from the next day (lib/content/certifications.ts).
 */
export const certifications = defineEntity<Certification>()(certificationsMeta, {
  table: 'certifications',
  delegate: (client) => client.certification,
  orderBy: { id: 'asc' },
  sitePath: () => pagePath('about'),
  card: (c, l, image) => ({
    id: c.id,
    image,
    title: localized(c, 'name', l),
    subtitle: localized(c, 'issuer', l),
    text: day(c.expiresOn) ?? '',
  }),
  view: (c, l, image) => ({
    id: c.id,
    name: localized(c, 'name', l),
    issuer: localized(c, 'issuer', l),
    logo: image,
    pdf: rowDocumentUrl(certificationsMeta, c),
    expiresOn: day(c.expiresOn),
  }),
});
