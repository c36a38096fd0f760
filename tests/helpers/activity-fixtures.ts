// The activity log tests' users, forms and log reads, used by both tiers (tests/inproc and tests/integration activity.test.ts).
import { sessionCookie } from './actions';
import { login } from './api';
import { makeUser, testDb } from './db';

/** An Admin and a Mini Admin, each with an /api token and a back-office session cookie. */
export async function adminAndMini() {
  const adminUser = await makeUser('admin');
  const miniUser = await makeUser('mini');
  const adminToken: string = (await login(adminUser.email)).data.token;
  const miniToken: string = (await login(miniUser.email)).data.token;
  const admin = await sessionCookie(adminUser.email);
  const mini = await sessionCookie(miniUser.email);
  return { adminUser, miniUser, adminToken, miniToken, admin, mini };
}

/** The newest entry matching, written after `since` (the id of the newest before the step). */
export const newest = (where: object, since = 0) =>
  testDb.activityLog.findFirst({ where: { ...where, id: { gt: since } }, orderBy: { id: 'desc' } });
export const lastId = async () => (await testDb.activityLog.findFirst({ orderBy: { id: 'desc' }, select: { id: true } }))?.id ?? 0;

/** A service's text fields as the old client's /api/service form sends them, `title` its English title. */
export const serviceFields = (title: string) => ({ titel: title, titelar: 'مسرح', dec: 'Stages of every size', decar: 'مسارح' });

/** The restore action's form as the log's screen posts it. */
export function restoreForm(entry: number | string, locale: string) {
  const form = new FormData();
  form.append('entry', String(entry));
  form.append('query', 'kind=delete&page=1');
  form.append('locale', locale);
  return form;
}
