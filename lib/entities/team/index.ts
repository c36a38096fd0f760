import 'server-only';
import { defineEntity } from '@/lib/entities/define';
import type { TeamMember } from '@/lib/generated/prisma/client';
import { teamMeta } from './meta';
import { pagePath } from '@/lib/pages';
import { localized } from '@/lib/entities/bilingual';

export const team = defineEntity<TeamMember>()(teamMeta, {
  table: 'team_members',
  delegate: (client) => client.teamMember,
  orderBy: { id: 'asc' },
  sitePath: () => pagePath('team'),
  card: (t, l, image) => ({
    id: t.id,
    image,
    title: localized(t, 'name', l),
    subtitle: localized(t, 'jobTitle', l),
    text: localized(t, 'details', l),
  }),
  view: (t, l, image) => ({
    id: t.id,
    name: localized(t, 'name', l),
    jobTitle: localized(t, 'jobTitle', l),
    details: localized(t, 'details', l),
    /** Both languages, so search matches either whatever the page language. */
    searchText: [t.nameEn, t.nameAr],
    image,
  }),
});
