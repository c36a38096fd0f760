import 'server-only';
import { TAGS } from '@/lib/cache';
import type { EntityConfig } from '@/lib/entities/crud';
import type { Slide } from '@/lib/generated/prisma/client';
import { slideSchema, type SlideInput } from './schema';

export const slideEntity: EntityConfig<Slide, SlideInput> = {
  tag: TAGS.slides,
  schema: slideSchema,
  table: 'slides',
  delegate: (client) => client.slide,
  orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
  image: { column: 'image', folder: 'slides', required: true },
  toData: (input) => input,
  toInput: ({ sortOrder }) => ({ sortOrder }),
};
