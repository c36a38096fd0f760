import { getTranslations } from 'next-intl/server';
import { restoreEntry } from '@/lib/admin/actions';
import { adminPath, AREAS } from '@/lib/admin/areas';
import { ACTIVITY_KINDS, NOT_AN_ADDRESS, RESTORE_DAYS, type LoggedValue } from '@/lib/activity/kinds';
import { entityLabel } from '@/lib/activity/labels';
import { activityQuery, LOGGED_ENTITIES, type ActivityEntry, type ActivityFilter } from '@/lib/activity/read';
import { isEntityKey } from '@/lib/entities/registry';
import { runtimeKey } from '@/lib/i18n/keys';
import { AdminLink } from '@/components/admin/admin-link';
import { formatDubaiTime, ltrIsolate } from '@/lib/inquiries/format';
import { FoldedFilters } from './folded-filters';

// /Admin/Activity (issue 26): the activity log, server-rendered. The filters are a plain GET form
// and the pages plain links (the URL is the screen's state, so it works without scripts); the one
// write, "Restore", is a plain form posting to a server action.

/** Values longer than this are cut on screen (the entry keeps them whole). */
const SHOWN_CHARS = 300;

type Translate = Awaited<ReturnType<typeof getTranslations>>;
type TranslateActivity = Awaited<ReturnType<typeof getTranslations<'admin.activity'>>>;

/** Where an entry's item is seen in the back office (null: nowhere). */
function itemHref(entity: string | null, id: number | null): string | null {
  if (!entity) return null;
  if (entity === 'settings') return '/Admin/Settings';
  if (entity === 'users') return '/Admin/Users';
  if (entity === 'backups') return adminPath.backups;
  if (entity === 'inquiries') return id ? adminPath.inquiry(id) : adminPath.inquiries;
  if (isEntityKey(entity)) return id ? adminPath.edit(AREAS[entity], id) : adminPath.list(AREAS[entity]);
  return null;
}

/** A field's label as its form shows it, else its name. */
function fieldLabel(t: Translate, entity: string | null, field: string): string {
  const keys = [
    entity === 'settings' ? `admin.settings.fields.${field}` : `admin.areas.${entity}.fields.${field}`,
    `admin.activity.fields.${field}`,
  ];
  for (const key of keys) if (t.has(runtimeKey(key))) return t(runtimeKey(key));
  return field;
}

function shown(ta: TranslateActivity, value: LoggedValue): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? ta('yes') : ta('no');
  const text =
    Array.isArray(value) && value.every((v) => typeof v !== 'object')
      ? value.join(', ')
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/** A refused sign-in's detail ("<code> <typed e-mail>") in words. */
function detailText(t: Translate, ta: TranslateActivity, entry: ActivityEntry): string | null {
  if (!entry.detail) return null;
  const [code = '', ...rest] = entry.detail.split(' ');
  const reason = t.has(runtimeKey(`errors.${code}`)) ? t(runtimeKey(`errors.${code}`)) : code;
  const typed = rest.join(' ');
  if (!typed) return reason;
  return ta('refusedFor', { email: typed === NOT_AN_ADDRESS ? ta('notAnAddress') : typed, reason });
}

export async function ActivityLog({
  locale,
  filter,
  entries,
  total,
  pages,
  people,
  notice,
}: {
  locale: string;
  filter: ActivityFilter;
  entries: ActivityEntry[];
  total: number;
  pages: number;
  people: { id: number; label: string }[];
  /** What the last restore did (from the URL after the action). */
  notice: { restored: number } | { error: string } | null;
}) {
  const t = await getTranslations();
  const ta = await getTranslations('admin.activity');
  const query = activityQuery(filter);
  const filtered = Boolean(filter.person || filter.entity || filter.kind || filter.from || filter.to);
  const select = (name: keyof ActivityFilter, label: string, choices: { value: string; label: string }[], value: string) => (
    <label className="grid min-w-0 gap-1 text-sm font-semibold">
      {label}
      <select name={name} defaultValue={value} className="field-input" data-testid={`activity-filter-${name}`}>
        <option value="">{ta('any')}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
  const pageHref = (page: number) => {
    const q = activityQuery(filter, page);
    return q ? `${adminPath.activity}?${q}` : adminPath.activity;
  };

  return (
    <section className="min-w-0">
      <h1 tabIndex={-1} className="mb-2 text-3xl font-extrabold focus:outline-none">
        {ta('title')}
      </h1>
      <p className="mb-6 text-sm text-zinc-700 dark:text-zinc-300">{ta('intro', { days: RESTORE_DAYS })}</p>
      {notice && (
        <p
          role={'error' in notice ? 'alert' : 'status'}
          className={`mb-4 font-semibold ${'error' in notice ? 'text-red-700 dark:text-red-400' : ''}`}
          data-testid="activity-notice"
        >
          {'error' in notice
            ? ta('restoreFailed', {
                reason: t.has(runtimeKey(`admin.activity.errors.${notice.error}`))
                  ? t(runtimeKey(`admin.activity.errors.${notice.error}`))
                  : t.has(runtimeKey(`errors.${notice.error}`))
                    ? t(runtimeKey(`errors.${notice.error}`))
                    : notice.error,
              })
            : ta('restored')}
        </p>
      )}
      <FoldedFilters label={ta('filters')} open={filtered} className="mb-4" testId="activity-filter-toggle">
        <form
          method="get"
          role="search"
          className="mt-3 grid gap-3 rounded-2xl p-4 ring-1 ring-zinc-300 sm:mt-0 sm:grid-cols-2 lg:grid-cols-5 dark:ring-zinc-700"
          data-testid="activity-filter"
        >
          {select(
            'person',
            ta('person'),
            people.map((p) => ({ value: String(p.id), label: p.label })),
            filter.person ? String(filter.person) : '',
          )}
          {select(
            'entity',
            ta('entity'),
            LOGGED_ENTITIES.map((key) => ({ value: key, label: entityLabel(t, key) })),
            filter.entity ?? '',
          )}
          {select(
            'kind',
            ta('kind'),
            ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ta(`kinds.${kind}`) })),
            filter.kind ?? '',
          )}
          <label className="grid min-w-0 gap-1 text-sm font-semibold">
            {ta('from')}
            <input
              type="date"
              name="from"
              defaultValue={filter.from ?? ''}
              className="field-input"
              dir="ltr"
              data-testid="activity-filter-from"
            />
          </label>
          <label className="grid min-w-0 gap-1 text-sm font-semibold">
            {ta('to')}
            <input
              type="date"
              name="to"
              defaultValue={filter.to ?? ''}
              className="field-input"
              dir="ltr"
              data-testid="activity-filter-to"
            />
          </label>
          <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
            <button type="submit" className="btn-primary" data-testid="activity-apply">
              {ta('apply')}
            </button>
            <AdminLink href={adminPath.activity} className="font-semibold underline">
              {ta('clear')}
            </AdminLink>
          </div>
        </form>
      </FoldedFilters>
      {/* Outside the fold: on a phone the count shows with the filters closed. */}
      <p role="status" className="mb-4 text-sm font-semibold" data-testid="activity-count">
        {ta('count', { count: total })}
      </p>

      {entries.length === 0 ? (
        <p data-testid="activity-empty">{ta('empty')}</p>
      ) : (
        <ol className="grid gap-4" data-testid="activity-entries">
          {entries.map((entry) => {
            const href = itemHref(entry.entity, entry.entityId);
            const changes = Object.entries(entry.changes);
            const detail = detailText(t, ta, entry);
            return (
              <li
                key={entry.id}
                className="min-w-0 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
                data-testid="activity-entry"
                data-entry={entry.id}
              >
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="rounded-full bg-zinc-200 px-2 py-0.5 text-sm font-bold dark:bg-zinc-800" data-testid="activity-kind">
                    {ta.has(runtimeKey(`kinds.${entry.kind}`)) ? ta(runtimeKey(`kinds.${entry.kind}`)) : entry.kind}
                  </span>
                  {entry.entity && (
                    <span className="font-semibold" data-testid="activity-item">
                      {href ? (
                        <AdminLink href={href} className="underline">
                          {entityLabel(t, entry.entity)}
                          {/* Isolated left to right: "#12" after an Arabic word would read "12#". */}
                          {entry.entityId ? ` ${ltrIsolate(`#${entry.entityId}`)}` : ''}
                        </AdminLink>
                      ) : (
                        entityLabel(t, entry.entity)
                      )}
                    </span>
                  )}
                  <time dateTime={entry.createdAt.toISOString()} className="ms-auto text-sm text-zinc-700 dark:text-zinc-300">
                    {formatDubaiTime(entry.createdAt, locale)}
                  </time>
                </div>
                <p className="mt-2 text-sm break-words">
                  <span className="font-semibold">{ta('who')}: </span>
                  {entry.actorName || entry.actorEmail ? (
                    <>
                      {entry.actorName} {/* Whole on the next line when it does not fit, never split around the name. */}
                      <bdi dir="ltr" className="inline-block max-w-full break-all text-zinc-700 dark:text-zinc-300">
                        {entry.actorEmail}
                      </bdi>
                    </>
                  ) : (
                    ta('nobody')
                  )}
                </p>
                <p className="text-sm break-words">
                  <span className="font-semibold">{ta('address')}: </span>
                  <bdi dir="ltr" data-testid="activity-address">
                    {entry.address || '—'}
                  </bdi>
                </p>
                {detail && (
                  <p className="mt-1 text-sm break-words" data-testid="activity-detail">
                    {detail}
                  </p>
                )}
                {entry.lastAt && (
                  <p className="mt-1 text-sm font-semibold" data-testid="activity-repeats">
                    {ta('repeated', { count: entry.repeats, time: formatDubaiTime(entry.lastAt, locale) })}
                  </p>
                )}
                {changes.length > 0 && (
                  // Its own scroll box: a long value never widens the page on a phone.
                  <div className="mt-3 max-w-full overflow-x-auto">
                    <table className="w-full min-w-[20rem] text-start text-sm" data-testid="activity-changes">
                      <thead>
                        <tr className="border-b border-zinc-200 dark:border-zinc-800">
                          <th scope="col" className="py-1 pe-3 text-start">
                            {ta('field')}
                          </th>
                          <th scope="col" className="py-1 pe-3 text-start">
                            {ta('before')}
                          </th>
                          <th scope="col" className="py-1 text-start">
                            {ta('after')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {changes.map(([field, change]) => (
                          <tr key={field} className="border-b border-zinc-100 align-top dark:border-zinc-900" data-field={field}>
                            <th scope="row" className="py-1 pe-3 text-start font-semibold">
                              {fieldLabel(t, entry.entity, field)}
                            </th>
                            <td className="py-1 pe-3 break-words whitespace-pre-wrap" data-testid="activity-before">
                              {shown(ta, change.before)}
                            </td>
                            <td className="py-1 break-words whitespace-pre-wrap" data-testid="activity-after">
                              {shown(ta, change.after)}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                {entry.restored && (
                  <p className="mt-2 text-sm font-semibold" data-testid="activity-restored" data-restored={entry.id}>
                    {ta('alreadyRestored')}
                  </p>
                )}
                {entry.restorable && (
                  <form action={restoreEntry} className="mt-3">
                    <input type="hidden" name="entry" value={entry.id} />
                    <input type="hidden" name="query" value={query} />
                    <input type="hidden" name="locale" value={locale} />
                    <button type="submit" className="btn-secondary" data-testid="activity-restore">
                      {ta('restore')}
                    </button>
                  </form>
                )}
              </li>
            );
          })}
        </ol>
      )}

      {pages > 1 && (
        <nav aria-label={ta('pages')} className="mt-8 flex flex-wrap items-center justify-center gap-4" data-testid="activity-pages">
          {filter.page > 1 && (
            <AdminLink href={pageHref(filter.page - 1)} className="btn-secondary" rel="prev">
              {ta('previous')}
            </AdminLink>
          )}
          <span className="font-semibold">{ta('pageOf', { page: filter.page, pages })}</span>
          {filter.page < pages && (
            <AdminLink href={pageHref(filter.page + 1)} className="btn-secondary" rel="next" data-testid="activity-next">
              {ta('next')}
            </AdminLink>
          )}
        </nav>
      )}
    </section>
  );
}
