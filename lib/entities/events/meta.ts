// The browser's half of the events descriptor (lib/entities/define.ts EntityMeta): the back
// office's forms and addresses read it; the server's half is ./index.ts.
import { TIMINGS } from '@/lib/timings';
import { defineMeta } from '@/lib/entities/define';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import { eventSchema } from './schema';

export const eventsMeta = defineMeta({
  key: 'events',
  schema: eventSchema,
  image: { column: 'image', required: true, urlFolder: 'contactimges' },
  permission: 'content',
  admin: {
    ...ADMIN_SEGMENTS.events,
    errorToastMs: TIMINGS.errorToastMs,
  },
});
