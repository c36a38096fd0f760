import 'server-only';
import { TAGS } from '@/lib/cache';
import type { EntityConfig } from '@/lib/entities/crud';
import type { TeamMember } from '@/lib/generated/prisma/client';
import { teamSchema, type TeamInput } from './schema';

export const teamEntity: EntityConfig<TeamMember, TeamInput> = {
  tag: TAGS.team,
  schema: teamSchema,
  table: 'team_members',
  delegate: (client) => client.teamMember,
  orderBy: { id: 'asc' },
  image: { column: 'image', folder: 'team', required: false },
  toData: (input) => input,
  toInput: ({ nameEn, nameAr, detailsEn, detailsAr, jobTitleEn, jobTitleAr }) => ({
    nameEn,
    nameAr,
    detailsEn,
    detailsAr,
    jobTitleEn,
    jobTitleAr,
  }),
};
