// The browser's half of the contacts descriptor (lib/entities/define.ts EntityMeta): the back
// office's forms and addresses read it; the server's half is ./index.ts.
import { TIMINGS } from '@/lib/timings';
import { defineMeta } from '@/lib/entities/define';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import { contactSchema } from './schema';

export const contactsMeta = defineMeta({
  key: 'contacts',
  schema: contactSchema,
  image: { column: 'logo', required: false, urlFolder: 'contactimges' },
  permission: 'content',
  admin: {
    ...ADMIN_SEGMENTS.contacts,
    errorToastMs: TIMINGS.shortErrorToastMs,
    ltrCard: true,
    logo: true,
    mainFirst: true,
  },
});
