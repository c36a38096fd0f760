// The browser's half of the testimonials descriptor (lib/entities/define.ts EntityMeta): the back
// office's forms and addresses read it; the server's half is ./index.ts.
import { TIMINGS } from '@/lib/timings';
import { defineMeta } from '@/lib/entities/define';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import { testimonialSchema } from './schema';

export const testimonialsMeta = defineMeta({
  key: 'testimonials',
  schema: testimonialSchema,
  // The person's photo, optional: without one the card shows their initials.
  image: { column: 'photo', required: false, urlFolder: 'testimonialimges' },
  permission: 'content',
  admin: {
    ...ADMIN_SEGMENTS.testimonials,
    errorToastMs: TIMINGS.defaultToastMs,
    initials: true,
  },
});
