import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ActivityLog } from '@/components/admin/activity-log';
import { InquiryDetail } from '@/components/admin/inquiry-detail';
import { InquiryInbox } from '@/components/admin/inquiry-inbox';
import { ItemForm } from '@/components/admin/item-form';
import { ItemList } from '@/components/admin/item-list';
import { MailStatus } from '@/components/admin/mail-status';
import { ProjectListPages, ProjectListTools } from '@/components/admin/project-list-tools';
import { SettingsForm } from '@/components/admin/settings-form';
import { UsersTable } from '@/components/admin/users-table';
import { activityNotice, activityPeople, listActivity, parseActivityFilter } from '@/lib/activity/read';
import { adminPath, resolveAdminRoute } from '@/lib/admin/areas';
import { fieldOptions, formValues, listCards, parseAdminListFilter, projectCards } from '@/lib/admin/server';
import { can, sessionUser } from '@/lib/auth/guard';
import { config } from '@/lib/config';
import { parseInquiryFilter } from '@/lib/inquiries';
import { listUsers } from '@/lib/entities/user';
import { Link, redirect } from '@/lib/i18n/navigation';
import { getSiteSettings } from '@/lib/settings';
import { PORTFOLIO_PATH, siteImageUrl } from '@/lib/settings/paths';
import { SETTINGS_TEXT_FIELDS } from '@/lib/settings/schema';

// Every child route of the spec (/Admin/Teams, /Admin/CreateTeam, /Admin/Team/5, …) resolves
// here through one table (lib/admin/areas.ts), so each works at its own path, deep links included.
type Props = {
  params: Promise<{ locale: string; slug?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function AdminPage({ params, searchParams }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const route = resolveAdminRoute(slug);
  if (!route) notFound();
  const t = await getTranslations('admin');
  // Checked here too, not only in the layout: a client-side navigation re-renders the page but
  // keeps the layout, and a demoted or deleted user must be stopped on that very click.
  const user = await sessionUser();
  if (!user) return redirect({ href: '/LogIn', locale });
  // Every image field states these and checks a picked file against them; the browser cannot read the settings.
  const imageLimits = { bytes: config.maxUploadBytes, pixels: config.maxUploadPixels };

  if (route.kind === 'home') {
    return (
      <>
        {/* The mail server's state (and its last error) is for staff who handle inquiries. */}
        {can(user, 'content') && <MailStatus />}
        <p className="grid min-h-[50svh] place-items-center text-2xl font-bold" data-testid="choose">
          {t('choose')}
        </p>
      </>
    );
  }
  if (route.kind === 'users') {
    if (!can(user, 'users'))
      return (
        <p role="alert" className="text-lg font-semibold" data-testid="forbidden">
          {t('forbidden')}
        </p>
      );
    const users = await listUsers();
    return (
      <section>
        <h1 tabIndex={-1} className="mb-6 text-3xl font-extrabold focus:outline-none">
          {t('users.title')}
        </h1>
        <UsersTable
          users={users.map(({ id, name, email, isAdmin, isMiniAdmin }) => ({ id, name, email, isAdmin, isMiniAdmin }))}
          meId={user.id}
        />
      </section>
    );
  }
  if (route.kind === 'settings') {
    if (!can(user, 'users'))
      return (
        <p role="alert" className="text-lg font-semibold" data-testid="forbidden">
          {t('forbidden')}
        </p>
      );
    const settings = await getSiteSettings();
    const file = (name: string | null) => (name ? siteImageUrl(name) : null);
    return (
      <section>
        <h1 tabIndex={-1} className="mb-6 text-3xl font-extrabold focus:outline-none">
          {t('settings.title')}
        </h1>
        {/* Whether the inquiry recipients below will get mail at all. */}
        <MailStatus />
        <SettingsForm
          // A new form after each save, so its fields show what was stored (normalised).
          key={settings.updatedAt ?? 'demo'}
          initial={
            Object.fromEntries(SETTINGS_TEXT_FIELDS.map((name) => [name, String(settings[name])])) as Record<
              (typeof SETTINGS_TEXT_FIELDS)[number],
              string
            >
          }
          files={{
            logo: file(settings.logo),
            socialImage: file(settings.socialImage),
            portfolio: settings.portfolio ? PORTFOLIO_PATH : null,
          }}
          imageLimits={imageLimits}
        />
      </section>
    );
  }
  if (route.kind === 'activity') {
    if (!can(user, 'users'))
      return (
        <p role="alert" className="text-lg font-semibold" data-testid="forbidden">
          {t('forbidden')}
        </p>
      );
    const params = await searchParams;
    const filter = parseActivityFilter(params);
    const [{ entries, total, pages }, people] = await Promise.all([listActivity(filter), activityPeople()]);
    return (
      <ActivityLog
        locale={locale}
        filter={filter}
        entries={entries}
        total={total}
        pages={pages}
        people={people}
        notice={activityNotice(params)}
      />
    );
  }
  if (route.kind === 'inquiries' || route.kind === 'inquiry') {
    if (!can(user, 'content'))
      return (
        <p role="alert" className="text-lg font-semibold" data-testid="forbidden">
          {t('forbidden')}
        </p>
      );
    if (route.kind === 'inquiry') return <InquiryDetail id={route.id} locale={locale} />;
    return <InquiryInbox locale={locale} filter={parseInquiryFilter(await searchParams)} />;
  }
  const { area } = route;
  const ta = await getTranslations(`admin.areas.${area.key}`);
  if (route.kind === 'list' && area.key === 'events') {
    // A company's whole portfolio: paged, searched and filtered in the database (issue 25).
    const filter = parseAdminListFilter(await searchParams);
    const [{ cards, total, pages }, options] = await Promise.all([projectCards(locale, filter), fieldOptions(area, locale)]);
    const thisYear = new Date().getUTCFullYear();
    return (
      <ItemList
        area={area}
        cards={cards}
        filtered={Boolean(filter.q || filter.year || filter.client || filter.service || filter.state)}
        toolbar={
          <ProjectListTools
            filter={filter}
            total={total}
            clients={options.clientId ?? []}
            services={options.serviceIds ?? []}
            years={Array.from({ length: 30 }, (_, i) => thisYear + 1 - i)}
          />
        }
        footer={<ProjectListPages filter={filter} pages={pages} />}
      />
    );
  }
  if (route.kind === 'list') {
    const cards = await listCards(area, locale);
    // The company has one contact card; the create button hides while exactly one exists.
    return <ItemList area={area} cards={cards} canCreate={!area.single || cards.length !== 1} />;
  }
  const options = await fieldOptions(area, locale);
  const back = (
    <Link href={adminPath.list(area)} className="mb-4 inline-block text-sm font-semibold underline">
      {t('backToList')}
    </Link>
  );
  if (route.kind === 'create') {
    return (
      <section>
        {back}
        <h1 className="mb-6 text-3xl font-extrabold">{ta('createHeading')}</h1>
        {area.fields.some((field) => field.optionsFrom && !options[field.name]?.length) && (
          <p role="alert" className="mb-4 font-semibold">
            {ta('noClients')}
          </p>
        )}
        <ItemForm areaKey={area.key} options={options} imageLimits={imageLimits} />
      </section>
    );
  }
  const current = await formValues(area, route.id);
  if (!current) {
    return (
      <section>
        {back}
        <p role="alert" className="text-lg font-semibold" data-testid="not-found">
          {t('notFound')}
        </p>
      </section>
    );
  }
  return (
    <section>
      {back}
      <h1 className="mb-6 text-3xl font-extrabold">{ta('editHeading')}</h1>
      <ItemForm
        areaKey={area.key}
        id={route.id}
        initial={current.values}
        image={current.image}
        options={options}
        imageLimits={imageLimits}
      />
    </section>
  );
}
