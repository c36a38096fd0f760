import { TIMINGS } from '@/lib/timings';
import { defineEntity } from '@/lib/entities/define';
import type { TeamMember } from '@/lib/generated/prisma/client';
import { pickLocalized as pick } from '@/lib/i18n/pick';
import { teamSchema } from './schema';
import { pagePath } from '@/lib/pages';

export const team = defineEntity<TeamMember>()({
  key: 'team',
  schema: teamSchema,
  table: 'team_members',
  delegate: (client) => client.teamMember,
  orderBy: { id: 'asc' },
  image: { column: 'image', required: false, urlFolder: 'teamimges' },
  permission: 'content',
  admin: {
    sitePath: () => pagePath('team'),
    list: 'Teams',
    create: 'CreateTeam',
    edit: 'Team',
    errorToastMs: TIMINGS.defaultToastMs,
    initials: true,
    card: (t, l, image) => ({
      id: t.id,
      image,
      title: pick(l, t.nameEn, t.nameAr),
      subtitle: pick(l, t.jobTitleEn, t.jobTitleAr),
      text: pick(l, t.detailsEn, t.detailsAr),
    }),
  },
  view: (t, l, image) => ({
    id: t.id,
    name: pick(l, t.nameEn, t.nameAr),
    jobTitle: pick(l, t.jobTitleEn, t.jobTitleAr),
    details: pick(l, t.detailsEn, t.detailsAr),
    /** Both languages, so search matches either whatever the page language. */
    searchText: [t.nameEn, t.nameAr],
    image,
  }),
});
