// The browser's half of the clients descriptor (lib/entities/define.ts EntityMeta): the back
// office's forms and addresses read it; the server's half is ./index.ts.
import { TIMINGS } from '@/lib/timings';
import { defineMeta } from '@/lib/entities/define';
import { ADMIN_SEGMENTS } from '@/lib/entities/segments';
import { clientSchema } from './schema';

export const clientsMeta = defineMeta({
  key: 'clients',
  schema: clientSchema,
  image: { column: 'logo', required: true, urlFolder: 'clientimges' },
  permission: 'content',
  admin: {
    ...ADMIN_SEGMENTS.clients,
    errorToastMs: TIMINGS.defaultToastMs,
    logo: true,
  },
});
