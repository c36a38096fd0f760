import 'server-only';
import { defineEntity } from '@/lib/entities/define';
import type { TeamMember } from '@/lib/generated/prisma/client';
import { pickLocalized as pick } from '@/lib/i18n/pick';
import { teamMeta } from './meta';
import { pagePath } from '@/lib/pages';

export const team = defineEntity<TeamMember>()(teamMeta, {
  table: 'team_members',
  delegate: (client) => client.teamMember,
  orderBy: { id: 'asc' },
  sitePath: () => pagePath('team'),
  card: (t, l, image) => ({
    id: t.id,
    image,
    title: pick(l, t.nameEn, t.nameAr),
    subtitle: pick(l, t.jobTitleEn, t.jobTitleAr),
    text: pick(l, t.detailsEn, t.detailsAr),
  }),
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
