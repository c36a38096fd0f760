import 'server-only';
import { TAGS } from '@/lib/cache';
import type { EntityConfig } from '@/lib/entities/crud';
import type { Contact } from '@/lib/generated/prisma/client';
import { contactSchema, type ContactInput } from './schema';

export const contactEntity: EntityConfig<Contact, ContactInput> = {
  tag: TAGS.contacts,
  schema: contactSchema,
  table: 'contacts',
  delegate: (client) => client.contact,
  orderBy: { id: 'asc' },
  image: { column: 'logo', folder: 'contacts', required: false },
  toData: (input) => input,
  toInput: ({ phone, email, instagramUrl, tiktokUrl, linkedinUrl, youtubeUrl }) => ({
    phone,
    email,
    instagramUrl,
    tiktokUrl,
    linkedinUrl,
    youtubeUrl,
  }),
};
