import 'server-only';
import { can, type CurrentUser } from '@/lib/auth/guard';
import * as crud from '@/lib/entities/crud';
import { userCounts } from '@/lib/entities/user';
import { countInquiries } from '@/lib/inquiries';
import { MENU, type AreaKey } from './areas';

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
    content ? Promise.all(MENU.map(async (area) => ({ key: area.key, count: await crud.count(area.entity) }))) : [],
    content ? countInquiries({ status: 'new' }) : null,
    can(user, 'users') ? userCounts() : null,
  ]);
  return { areas, newInquiries, users };
}
