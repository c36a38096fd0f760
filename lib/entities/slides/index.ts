import 'server-only';
import { defineEntity } from '@/lib/entities/define';
import type { Slide } from '@/lib/generated/prisma/client';
import { slidesMeta } from './meta';
import { pagePath } from '@/lib/pages';

export const slides = defineEntity<Slide>()(slidesMeta, {
  table: 'slides',
  delegate: (client) => client.slide,
  orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
  sitePath: () => pagePath('home'),
  card: (s, _l, image) => ({ id: s.id, image, title: `#${s.sortOrder}` }),
  view: (s, _l, image) => ({ id: s.id, image: image ?? '' }),
});
