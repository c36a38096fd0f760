import 'server-only';
import { getTranslations } from 'next-intl/server';
import { entityLabel } from '@/lib/activity/labels';
import { listActivity } from '@/lib/activity/read';
import { autoIsolate, ltrIsolate } from '@/lib/inquiries/format';
import { runtimeKey } from '@/lib/i18n/keys';
import type { CurrentUser } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import * as crud from '@/lib/entities/crud';
import { userCounts } from '@/lib/entities/user';
import { countInquiries } from '@/lib/inquiries';
import { MENU, type AreaKey } from './areas';
import { entityOf } from '@/lib/entities/registry';

// What the back office's home shows under "Choose one from the list" (issue 26): how much each
// area holds and what waits for someone. Only what the user may open is counted (the one guard's
// `can`); each figure is one `count(*)`, read live (none of it is cached).

export interface DashboardCounts {
  areas: { key: AreaKey; count: number }[];
  /** Quote requests still in the "new" state (no one has handled them yet); null for whoever may not open the inbox. */
  newInquiries: number | null;
  /** Admins only (null for a Mini Admin): every account, and those waiting for approval. */
  users: { total: number; pending: number } | null;
}

export async function dashboardCounts(user: CurrentUser): Promise<DashboardCounts> {
  const content = can(user, 'content');
  const [areas, newInquiries, users] = await Promise.all([
    content ? Promise.all(MENU.map(async (area) => ({ key: area.key, count: await crud.count(entityOf(area.key)) }))) : [],
    content ? countInquiries({ status: 'new' }) : null,
    can(user, 'users') ? userCounts() : null,
  ]);
  return { areas, newInquiries, users };
}

/** One line of the dashboard's latest activity: what happened (already in words), when, and where to look. */
export interface ActivityEntry {
  id: string | number;
  text: string;
  at: Date;
  href?: string;
}

/** How many of the newest activity entries the dashboard shows (the rest is on /Admin/Activity). */
const LATEST_ENTRIES = 5;

/** The newest entries of the activity log, in words: who, what, which item; each links to the log. */
export async function latestActivity(locale: string): Promise<ActivityEntry[]> {
  const [{ entries }, t] = await Promise.all([
    listActivity({ person: null, entity: null, kind: null, from: null, to: null, signIns: true, page: 1 }, { staffOnly: true }),
    getTranslations({ locale }),
  ]);
  return entries.slice(0, LATEST_ENTRIES).map((entry) => {
    const kindKey = runtimeKey(`admin.activity.kinds.${entry.kind}`);
    const kind = t.has(kindKey) ? t(kindKey) : entry.kind;
    // The item as the log names it (its menu entry, in the page's language); the person's name
    // and the number isolated, so a Latin name keeps its place in an Arabic line and "#12" does
    // not read "12#".
    const item = entry.entity ? ` · ${entityLabel(t, entry.entity)}${entry.entityId ? ` ${ltrIsolate(`#${entry.entityId}`)}` : ''}` : '';
    const who = entry.actorName ? autoIsolate(entry.actorName) : t('admin.activity.nobody');
    return { id: entry.id, text: `${who} · ${kind}${item}`, at: entry.createdAt, href: '/Admin/Activity' };
  });
}
