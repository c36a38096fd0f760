// The browser's half of the certifications descriptor (lib/entities/define.ts EntityMeta): the
// back office's forms and addresses read it; the server's half is ./index.ts.
import { TIMINGS } from '@/lib/timings';
import { defineMeta } from '@/lib/entities/define';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import { certificationSchema } from './schema';

export const certificationsMeta = defineMeta({
  key: 'certifications',
  schema: certificationSchema,
  image: { column: 'logo', required: true, urlFolder: 'certimges' },
  // The certificate itself, optional: a PDF visitors may open.
  document: { column: 'pdf' },
  permission: 'content',
  admin: {
    ...ADMIN_SEGMENTS.certifications,
    errorToastMs: TIMINGS.defaultToastMs,
    logo: true,
  },
});
