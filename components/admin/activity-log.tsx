import { getTranslations } from 'next-intl/server';
import { restoreEntry } from '@/lib/activity/actions';
import { adminPath, AREAS } from '@/lib/admin/areas';
import { ACTIVITY_KINDS, RESTORE_DAYS } from '@/lib/activity/kinds';
import { entityLabel } from '@/lib/activity/labels';
import { activityQuery, LOGGED_ENTITIES, type ActivityEntry, type ActivityFilter } from '@/lib/activity/read';
import { isEntityKey } from '@/lib/entities/registry';
import { changeTexts, detailText, fieldLabel, type ActivityWords } from '@/lib/activity/words';
import { runtimeKey } from '@/lib/i18n/keys';
import { AdminLink } from '@/components/admin/admin-link';
import { DateText } from '@/components/date-text';
import { formatWhen } from '@/lib/i18n/dates';
import { ltrIsolate } from '@/lib/inquiries/format';
import { FoldedFilters } from './folded-filters';

// /Admin/Activity (issue 26): the activity log, server-rendered. The filters are a plain GET form
// and the pages plain links (the URL is the screen's state, so it works without scripts); the one
// write, "Restore", is a plain form posting to a server action.

/** Where an entry's item is seen in the back office (null: nowhere). */
function itemHref(entity: string | null, id: number | null): string | null {
  if (!entity) return null;
  if (entity === 'settings') return '/Admin/Settings';
  if (entity === 'users') return '/Admin/Users';
  if (entity === 'backups') return adminPath.backups;
  if (entity === 'redirects') return id ? adminPath.redirect(id) : adminPath.redirects;
  if (entity === 'inquiries') return id ? adminPath.inquiry(id) : adminPath.inquiries;
  if (isEntityKey(entity)) return id ? adminPath.edit(AREAS[entity], id) : adminPath.list(AREAS[entity]);
  return null;
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
  people: { id: number; name: string; label: string }[];
  /** What the last restore did (from the URL after the action). */
  notice: { restored: number } | { error: string } | null;
}) {
  const t = await getTranslations();
  const ta = await getTranslations('admin.activity');
  const words: ActivityWords = { t, locale, people: new Map(people.map((p) => [p.id, p.name])) };
  const query = activityQuery(filter);
  const filtered = Boolean(filter.person || filter.entity || filter.kind || filter.from || filter.to || filter.signIns);
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
          <label className="flex min-w-0 items-center gap-2 text-sm font-semibold sm:col-span-2 lg:col-span-5">
            <input
              type="checkbox"
              name="signIns"
              value="1"
              defaultChecked={filter.signIns}
              className="size-5"
              data-testid="activity-filter-signIns"
            />
            {ta('showSignIns')}
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
      {!filter.signIns && !filter.kind && (
        <p className="mb-4 text-sm text-zinc-700 dark:text-zinc-300" data-testid="activity-sign-ins-hidden">
          {ta('signInsHidden')}
        </p>
      )}

      {entries.length === 0 ? (
        <p data-testid="activity-empty">{ta('empty')}</p>
      ) : (
        <ol className="grid gap-4" data-testid="activity-entries">
          {entries.map((entry) => {
            const href = itemHref(entry.entity, entry.entityId);
            const changes = Object.entries(entry.changes);
            const detail = detailText(words, entry.kind, entry.detail);
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
                          {/* Isolated left to right (a Latin-digit token): "#12" after an Arabic word would read "12#". */}
                          {entry.entityId ? ` ${ltrIsolate(`#${entry.entityId}`)}` : ''}
                        </AdminLink>
                      ) : (
                        entityLabel(t, entry.entity)
                      )}
                    </span>
                  )}
                  <DateText
                    date={entry.createdAt}
                    locale={locale}
                    className="ms-auto text-sm text-zinc-700 dark:text-zinc-300"
                    testId="activity-time"
                  />
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
                    {ta('repeated', { count: entry.repeats, time: formatWhen(entry.lastAt, locale) })}
                  </p>
                )}
                {changes.length > 0 && (
                  // A table on wider screens; on a phone each change stacks (field, then before, then
                  // after, each named), so no column is cut off. The roles are explicit: a table whose
                  // cells are laid out as blocks keeps its meaning for screen readers.
                  <table role="table" className="mt-3 w-full text-start text-sm max-sm:block" data-testid="activity-changes">
                    <thead role="rowgroup" className="max-sm:sr-only">
                      <tr role="row" className="border-b border-zinc-200 dark:border-zinc-800">
                        <th role="columnheader" scope="col" className="py-1 pe-3 text-start">
                          {ta('field')}
                        </th>
                        <th role="columnheader" scope="col" className="py-1 pe-3 text-start">
                          {ta('before')}
                        </th>
                        <th role="columnheader" scope="col" className="py-1 text-start">
                          {ta('after')}
                        </th>
                      </tr>
                    </thead>
                    <tbody role="rowgroup" className="max-sm:block">
                      {changes.map(([field, change]) => {
                        const text = changeTexts(words, entry.entity, field, change);
                        return (
                          <tr
                            key={field}
                            role="row"
                            className="border-b border-zinc-100 align-top max-sm:block max-sm:py-2 dark:border-zinc-900"
                            data-field={field}
                          >
                            <th role="rowheader" scope="row" className="py-1 pe-3 text-start font-semibold max-sm:block">
                              {fieldLabel(words, entry.entity, field)}
                            </th>
                            {/* On a phone each side is named by a label drawn by CSS (data-label): not part of the value's text. */}
                            <td
                              role="cell"
                              data-label={`${ta('before')}: `}
                              className="py-1 pe-3 break-words whitespace-pre-wrap max-sm:block max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]"
                              data-testid="activity-before"
                            >
                              {text.before}
                            </td>
                            <td
                              role="cell"
                              data-label={`${ta('after')}: `}
                              className="py-1 break-words whitespace-pre-wrap max-sm:block max-sm:before:font-semibold max-sm:before:content-[attr(data-label)]"
                              data-testid="activity-after"
                            >
                              {text.after}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
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
