import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { adminPath } from '@/lib/admin/areas';
import { countInquiries, filterQuery, INBOX_PAGE_SIZE, listInquiries, serviceOptions, type InquiryFilter } from '@/lib/inquiries';
import { eventTypeLabel, servicesLabel } from '@/lib/inquiries/labels';
import { EVENT_TYPES, STATUSES } from '@/lib/inquiries/constants';
import { formatWhen } from '@/lib/i18n/dates';
import { DateText } from '@/components/date-text';
import { LtrToken } from '@/components/ltr-token';
import { AdminLink } from '@/components/admin/admin-link';
import { FoldedFilters } from './folded-filters';
import { localePath } from '@/lib/pages';

/**
 * /Admin/Inquiries: newest first, filtered by status, received dates and a search, all in the
 * address bar (a plain GET form, so it works without scripts and a filtered view can be shared).
 * The CSV link carries the same filter.
 */
export async function InquiryInbox({
  locale,
  filter,
  viewer,
  deleted = false,
}: {
  locale: string;
  filter: InquiryFilter;
  viewer: number;
  /** A lead was just deleted without scripts (lib/inquiries/actions.ts deleteInquiry): said here, its page is gone. */
  deleted?: boolean;
}) {
  const [t, quote, rows, total, services] = await Promise.all([
    getTranslations('admin.inquiries'),
    getTranslations('quote'),
    listInquiries(filter, INBOX_PAGE_SIZE, viewer),
    countInquiries(filter, viewer),
    serviceOptions(locale),
  ]);
  const serviceLabels = new Map(services.map((s) => [s.value, s.label]));
  const query = filterQuery(filter);
  // "My leads" and "Due" are one tap each, outside the folded filters; each keeps the rest.
  // Plain links (a whole page, like the filter form's GET): what the list shows always follows the address.
  const toggle = (key: 'mine' | 'due') => `${localePath(locale, adminPath.inquiries)}${filterQuery({ ...filter, [key]: !filter[key] })}`;
  const folded = !filter.status && !filter.from && !filter.to && !filter.q && !filter.type && !filter.service;
  return (
    <section>
      <h1 tabIndex={-1} className="mb-6 text-3xl font-extrabold focus:outline-none">
        {t('title')}
      </h1>
      {deleted && (
        <p role="status" className="mb-4 font-semibold" data-testid="inquiry-plain-notice">
          {t('deleted')}
        </p>
      )}
      <div className="mb-3 flex flex-wrap gap-2" data-testid="inquiry-quick-filters">
        {(['mine', 'due'] as const).map((key) => (
          <a
            key={key}
            href={toggle(key)}
            aria-current={filter[key] ? 'true' : undefined}
            className={`rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-zinc-300 dark:ring-zinc-700 ${filter[key] ? 'bg-brand text-white' : 'bg-white dark:bg-zinc-950'}`}
            data-testid={`inquiry-filter-${key}`}
          >
            {t(key)}
          </a>
        ))}
      </div>
      <FoldedFilters label={t('filters')} open={!folded} className="mb-6" testId="inquiry-filter-toggle">
        <form
          method="get"
          action={localePath(locale, adminPath.inquiries)}
          aria-label={t('filterLabel')}
          className="mt-3 grid gap-3 rounded-2xl bg-zinc-100 p-4 sm:grid-cols-2 lg:grid-cols-4 dark:bg-zinc-900"
          data-testid="inquiry-filter"
        >
          {filter.mine && <input type="hidden" name="mine" value="1" />}
          {filter.due && <input type="hidden" name="due" value="1" />}
          <FilterSelect
            name="status"
            label={t('status')}
            value={filter.status}
            any={t('allStatuses')}
            options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
          <FilterSelect
            name="type"
            label={t('eventType')}
            value={filter.type}
            any={t('allEventTypes')}
            options={EVENT_TYPES.map((type) => ({ value: type, label: quote(`eventTypes.${type}`) }))}
          />
          <FilterSelect name="service" label={t('services')} value={filter.service} any={t('allServices')} options={services} />
          <FilterField name="from" label={t('from')}>
            <input id="inq-from" name="from" type="date" defaultValue={filter.from} className="field-input" />
          </FilterField>
          <FilterField name="to" label={t('to')}>
            <input id="inq-to" name="to" type="date" defaultValue={filter.to} className="field-input" />
          </FilterField>
          <FilterField name="q" label={t('search')}>
            <input
              id="inq-q"
              name="q"
              type="search"
              maxLength={100}
              placeholder={t('searchHint')}
              defaultValue={filter.q}
              className="field-input"
            />
          </FilterField>
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-2">
            <button type="submit" className="btn-primary">
              {t('apply')}
            </button>
            <AdminLink href={adminPath.inquiries} className="btn-secondary">
              {t('clear')}
            </AdminLink>
            <a
              href={`${localePath(locale, adminPath.inquiriesExport)}${query}`}
              download
              className="btn-secondary ms-auto"
              data-testid="inquiry-export"
            >
              {t('export')}
            </a>
          </div>
        </form>
      </FoldedFilters>
      <p className="mb-4 font-semibold" role="status" data-testid="inquiry-count">
        {total > rows.length ? t('shownLimited', { shown: INBOX_PAGE_SIZE, count: total }) : t('shown', { count: total })}
      </p>
      {rows.length === 0 ? (
        <p data-testid="inquiries-empty">{t('empty')}</p>
      ) : (
        <ul className="grid gap-3" data-testid="inquiries">
          {rows.map((row) => (
            <li key={row.id} data-testid="inquiry-row" data-id={row.id}>
              <AdminLink
                href={adminPath.inquiry(row.id)}
                aria-label={t('open', { name: row.name })}
                className={`block rounded-2xl p-4 ring-1 ring-zinc-200 hover:ring-brand dark:ring-zinc-800 ${row.readAt ? 'bg-white dark:bg-zinc-950' : 'bg-amber-50 dark:bg-zinc-900'}`}
              >
                <span className="flex flex-wrap items-center gap-2">
                  <span className={`text-lg ${row.readAt ? 'font-semibold' : 'font-extrabold'}`}>{row.name}</span>
                  {!row.readAt && (
                    <span className="rounded-full bg-red-700 px-2 text-xs leading-5 font-bold text-white" data-testid="inquiry-unread">
                      {t('unreadMark')}
                    </span>
                  )}
                  <span
                    className="rounded-full bg-zinc-200 px-2 text-xs leading-5 font-semibold dark:bg-zinc-800"
                    data-testid="inquiry-status"
                  >
                    {t(`statuses.${row.status as (typeof STATUSES)[number]}`)}
                  </span>
                  <DateText
                    date={row.createdAt}
                    locale={locale}
                    className="ms-auto text-sm text-zinc-700 dark:text-zinc-300"
                    testId="inquiry-row-received"
                  />
                </span>
                <span className="mt-1 block text-sm break-words text-zinc-700 dark:text-zinc-300">
                  {[
                    eventTypeLabel(row.eventType, quote),
                    servicesLabel(row.services, serviceLabels, locale),
                    quote(`cities.${row.city as 'dubai'}`),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  {/* Numbers and addresses read left to right inside an Arabic line. */}
                  {row.phone && (
                    <>
                      {' · '}
                      <LtrToken testId="inquiry-row-phone">{row.phone}</LtrToken>
                    </>
                  )}
                  {row.email && (
                    <>
                      {' · '}
                      {/* An address may be longer than a phone's width: it may break, anywhere. */}
                      <bdi dir="ltr" className="break-all">
                        {row.email}
                      </bdi>
                    </>
                  )}
                </span>
                {(row.assignee || row.followUp) && (
                  <span className="mt-1 block text-sm font-semibold" data-testid="inquiry-row-lead">
                    {[
                      row.assignee ? t('assignedTo', { name: row.assignee.name }) : '',
                      row.followUp ? t('followUpOn', { date: formatWhen(row.followUp, locale, 'day') }) : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
              </AdminLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A filter's labelled field; its input's id is `inq-<name>`. */
function FilterField({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={`inq-${name}`} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter's choice: "any" (no value) or one of `options`. */
function FilterSelect({
  name,
  label,
  value,
  any,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  any: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FilterField name={name} label={label}>
      <select id={`inq-${name}`} name={name} defaultValue={value ?? ''} className="field-input">
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
