// The browser's half of the slides descriptor (lib/entities/define.ts EntityMeta): the back
// office's forms and addresses read it; the server's half is ./index.ts.
import { TIMINGS } from '@/lib/timings';
import { defineMeta } from '@/lib/entities/define';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import { slideSchema } from './schema';

export const slidesMeta = defineMeta({
  key: 'slides',
  schema: slideSchema,
  image: { column: 'image', required: true, urlFolder: 'sliderimges' },
  permission: 'content',
  admin: {
    ...ADMIN_SEGMENTS.slides,
    errorToastMs: TIMINGS.shortErrorToastMs,
    numbered: true,
  },
});
