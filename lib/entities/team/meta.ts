// The browser's half of the team descriptor (lib/entities/define.ts EntityMeta): the back
// office's forms and addresses read it; the server's half is ./index.ts.
import { TIMINGS } from '@/lib/timings';
import { defineMeta } from '@/lib/entities/define';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import { teamSchema } from './schema';

export const teamMeta = defineMeta({
  key: 'team',
  schema: teamSchema,
  image: { column: 'image', required: false, urlFolder: 'teamimges' },
  permission: 'content',
  admin: {
    ...ADMIN_SEGMENTS.team,
    errorToastMs: TIMINGS.defaultToastMs,
    initials: true,
  },
});
