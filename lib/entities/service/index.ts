import 'server-only';
import { TAGS } from '@/lib/cache';
import type { EntityConfig } from '@/lib/entities/crud';
import type { Service } from '@/lib/generated/prisma/client';
import { serviceSchema, type ServiceInput } from './schema';

export const serviceEntity: EntityConfig<Service, ServiceInput> = {
  tag: TAGS.services,
  schema: serviceSchema,
  table: 'services',
  delegate: (client) => client.service,
  orderBy: { id: 'asc' },
  image: { column: 'image', folder: 'services', required: true },
  toData: (input) => input,
  toInput: ({ titleEn, titleAr, descriptionEn, descriptionAr }) => ({ titleEn, titleAr, descriptionEn, descriptionAr }),
};
