import { TIMINGS } from '@/lib/timings';
import { defineEntity } from '@/lib/entities/define';
import type { Slide } from '@/lib/generated/prisma/client';
import { slideSchema } from './schema';
import { pagePath } from '@/lib/pages';

export const slides = defineEntity<Slide>()({
  key: 'slides',
  schema: slideSchema,
  table: 'slides',
  delegate: (client) => client.slide,
  orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
  image: { column: 'image', required: true, urlFolder: 'sliderimges' },
  permission: 'content',
  admin: {
    sitePath: () => pagePath('home'),
    list: 'Slider',
    create: 'CreateSlider',
    edit: 'EditSlider',
    errorToastMs: TIMINGS.shortErrorToastMs,
    numbered: true,
    card: (s, _l, image) => ({ id: s.id, image, title: `#${s.sortOrder}` }),
  },
  view: (s, _l, image) => ({ id: s.id, image: image ?? '' }),
});
