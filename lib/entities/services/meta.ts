// The browser's half of the services descriptor (lib/entities/define.ts EntityMeta): the back
// office's forms and addresses read it; the server's half is ./index.ts.
import { TIMINGS } from '@/lib/timings';
import { defineMeta } from '@/lib/entities/define';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import { serviceSchema } from './schema';

export const servicesMeta = defineMeta({
  key: 'services',
  schema: serviceSchema,
  image: { column: 'image', required: true, urlFolder: 'servimges' },
  permission: 'content',
  admin: {
    ...ADMIN_SEGMENTS.services,
    errorToastMs: TIMINGS.shortErrorToastMs,
  },
});
