import 'server-only';
import { db } from '@/lib/db/client';
import { TAGS } from '@/lib/cache';
import type { EntityConfig } from '@/lib/entities/crud';
import type { Service } from '@/lib/generated/prisma/client';
import { serviceSchema, type ServiceInput } from './schema';

export const serviceEntity: EntityConfig<Service, ServiceInput> = {
  tag: TAGS.services,
  schema: serviceSchema,
  delegate: () => db.service,
  orderBy: { id: 'asc' },
  image: { column: 'image', folder: 'services', required: true },
  toData: (input) => input,
  toInput: ({ titleEn, titleAr, descriptionEn, descriptionAr }) => ({ titleEn, titleAr, descriptionEn, descriptionAr }),
};
