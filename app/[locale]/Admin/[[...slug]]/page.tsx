import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { runtimeKey } from '@/lib/i18n/keys';
import { brandedTitle } from '@/lib/seo';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Dashboard } from '@/components/admin/dashboard';
import { ActivityLog } from '@/components/admin/activity-log';
import { BackupStatus } from '@/components/admin/backup-status';
import { InquiryDetail } from '@/components/admin/inquiry-detail';
import { InquiryInbox } from '@/components/admin/inquiry-inbox';
import { InviteForm } from '@/components/admin/invite-form';
import { InvitationList } from '@/components/admin/invitation-list';
import { listInvitations } from '@/lib/entities/user/invitations';
import { ItemForm } from '@/components/admin/item-form';
import { ItemList } from '@/components/admin/item-list';
import { LatestActivity } from '@/components/admin/latest-activity';
import { ListSearch } from '@/components/admin/list-search';
import { MailStatus } from '@/components/admin/mail-status';
import { NameForm } from '@/components/admin/name-form';
import { PasswordForm } from '@/components/admin/password-form';
import { ProjectListPages, ProjectListTools } from '@/components/admin/project-list-tools';
import { SessionList } from '@/components/admin/session-list';
import { DEFAULT_IMAGES, settingsDefaults } from '@/lib/settings/defaults';
import { SettingsForm } from '@/components/admin/settings-form';
import { SignupModeForm } from '@/components/admin/signup-mode-form';
import { TwoFactorPanel, type TwoFactorView } from '@/components/admin/two-factor-panel';
import { TwoFactorPolicyForm } from '@/components/admin/two-factor-policy-form';
import { UsersTable } from '@/components/admin/users-table';
import { activityNotice, activityPeople, listActivity, parseActivityFilter } from '@/lib/activity/read';
import { deleteUserPlain } from '@/lib/admin/actions';
import { adminPath, PLAIN_USER_ID_FIELD, resolveAdminRoute } from '@/lib/admin/areas';
import { PlainDeleteConfirm } from '@/components/admin/plain-delete-confirm';
import { localePath } from '@/lib/pages';
import { dashboardCounts, latestActivity } from '@/lib/admin/dashboard';
import { fieldOptions, formValues, listCards, parseAdminListFilter, projectCards, searchQuery } from '@/lib/admin/server';
import { sessionUser } from '@/lib/auth/guard';
import { can } from '@/lib/auth/permissions';
import { redirectToSignIn } from '@/lib/auth/sign-in-redirect';
import { config } from '@/lib/config';
import { parseInquiryFilter } from '@/lib/inquiries';
import { pageUsers } from '@/lib/entities/user';
import { listSessions } from '@/lib/entities/user/account';
import { mustEnrol, twoFactorStatus, twoFactorUserIds } from '@/lib/entities/user/two-factor';
import { formatWhen } from '@/lib/i18n/dates';
import { redirect } from '@/lib/i18n/navigation';
import { AdminLink } from '@/components/admin/admin-link';
import { getAllSiteSettings, getSiteSettings } from '@/lib/settings';
import { PORTFOLIO_PATH, siteImageUrl } from '@/lib/settings/paths';
import { SETTINGS_TEXT_FIELDS, TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '@/lib/settings/schema';
import { NO_ROW_VERSION } from '@/lib/entities/version';
import { parseId } from '@/lib/entities/ids';
import { PLAIN_LEAD_FORMS } from '@/lib/inquiries/constants';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';

// Every child route of the spec (/Admin/Teams, /Admin/CreateTeam, /Admin/Team/5, …) resolves
// here through one table (lib/admin/areas.ts), so each works at its own path, deep links included.
type Props = {
  params: Promise<{ locale: string; slug?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * The tab's title names the screen ("Edit project · Back office · 7Stars Event"), so five open tabs
 * of the back office are told apart; an unknown path keeps the back office's own.
 */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  const t = await getTranslations({ locale, namespace: 'admin' });
  const route = resolveAdminRoute(slug);
  const screen = route ? screenTitle(route, t) : undefined;
  return {
    title: await brandedTitle(locale, screen ? t('tabTitle', { screen }) : t('metaTitle')),
    robots: { index: false, follow: false },
  };
}

function screenTitle(route: NonNullable<ReturnType<typeof resolveAdminRoute>>, t: Awaited<ReturnType<typeof getTranslations<'admin'>>>) {
  switch (route.kind) {
    case 'home':
      return t('tabs.dashboard');
    case 'users':
      return t('users.title');
    case 'settings':
      return t('settings.title');
    case 'account':
      return t('account.title');
    case 'activity':
      return t('activity.title');
    case 'backups':
      return t('backups.title');
    case 'inquiries':
      return t('inquiries.title');
    case 'inquiry':
      return t('tabs.quoteRequest', { id: route.id });
    case 'list':
      return t(runtimeKey(`areas.${route.area.key}.title`));
    case 'create':
      return t(runtimeKey(`areas.${route.area.key}.createHeading`));
    case 'edit':
      return t(runtimeKey(`areas.${route.area.key}.editHeading`));
  }
}

/** `?saved=` after a save or delete sent without scripts (lib/admin/actions.ts saveItemPlain, deleteItemPlain). */
const savedNotice = (value: unknown) => (value === 'created' || value === 'updated' || value === 'deleted' ? value : undefined);

/** `?saved=` / `?failed=` after a lead's form sent without scripts (lib/inquiries/actions.ts leadFormPlain). */
function plainLeadNotice(query: Record<string, string | string[] | undefined>) {
  const known = (value: unknown) => PLAIN_LEAD_FORMS.find((form) => form === value);
  const saved = known(query.saved);
  const failed = known(query.failed);
  return saved ? { form: saved, ok: true } : failed ? { form: failed, ok: false } : undefined;
}

export default async function AdminPage({ params, searchParams }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const route = resolveAdminRoute(slug);
  if (!route) notFound();
  const t = await getTranslations('admin');
  // Checked here too, not only in the layout: a client-side navigation re-renders the page but
  // keeps the layout, and a demoted or deleted user must be stopped on that very click.
  const user = await sessionUser();
  if (!user) return redirectToSignIn(locale);
  // Two-factor sign-in required of this person and not set up: their account page (to enrol) is
  // the one back-office page open to them (signing out is in the menu).
  const enrol = await mustEnrol(user);
  if (enrol && route.kind !== 'account') return redirect({ href: '/Admin/Account', locale });
  // Every image field states these and checks a picked file against them; the browser cannot read the settings.
  const imageLimits = { bytes: config.maxUploadBytes, pixels: config.maxUploadPixels };

  if (route.kind === 'home') {
    // The spec's line, then what each area holds and what waits for someone (issue 26).
    const [counts, latest] = await Promise.all([dashboardCounts(user), can(user, 'users') ? latestActivity(locale) : undefined]);
    return (
      <>
        <h1 className="mb-6 text-2xl font-bold" data-testid="choose">
          {t('choose')}
        </h1>
        <Dashboard counts={counts} />
        {/* The mail server's state (and its last error) is for staff who handle inquiries. */}
        {can(user, 'content') && <MailStatus />}
        {/* Whether the site's data is safe: the last backup and the next (Admins, as /Admin/Backups is). */}
        {can(user, 'users') && <BackupStatus />}
        {/* The activity log is the Admins' (as /Admin/Activity is). */}
        <LatestActivity entries={latest} />
      </>
    );
  }
  if (route.kind === 'users') {
    if (!can(user, 'users')) return <ForbiddenNotice />;
    const query = await searchParams;
    const q = typeof query.q === 'string' ? query.q : '';
    const pageNumber = typeof query.page === 'string' ? Number.parseInt(query.page, 10) || 1 : 1;
    const [found, settings, twoFactor, invitations] = await Promise.all([
      pageUsers({ q, page: pageNumber }),
      getSiteSettings(),
      twoFactorUserIds(),
      listInvitations(),
    ]);
    const usersHref = (page: number) => ({ pathname: '/Admin/Users', query: { ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) } });
    // Without scripts: the forms keep the search and page, a Delete leads to this screen's own
    // confirmation, and the answer comes back in the address (lib/admin/actions.ts saveUserFlagsPlain).
    const kept: Record<string, string> = { ...(q ? { q } : {}), ...(pageNumber > 1 ? { page: String(pageNumber) } : {}) };
    const keptQuery = new URLSearchParams(kept).toString();
    const listPath = `/Admin/Users${keptQuery ? `?${keptQuery}` : ''}`;
    const confirming = found.users.find((u) => String(u.id) === query.confirmDelete && !(u.isAdmin && found.admins === 1));
    const plainSaved = query.saved === 'flags' || query.saved === 'deleted' || query.saved === 'revoked' ? query.saved : undefined;
    const plainFailed = query.failed === 'flags' || query.failed === 'delete' || query.failed === 'revoke' ? query.failed : undefined;
    const savedText = { flags: 'users.saved', deleted: 'users.deleted', revoked: 'users.revoked' } as const;
    const failedText = { flags: 'users.saveFailed', delete: 'users.deleteFailed', revoke: 'users.revokeFailed' } as const;
    const te = await getTranslations('errors');
    return (
      <section className="grid gap-8">
        <h1 tabIndex={-1} className="text-3xl font-extrabold focus:outline-none">
          {t('users.title')}
        </h1>
        <p className="font-semibold" data-testid="pending-count">
          {t('users.pendingCount', { count: found.pending })}
        </p>
        <form role="search" className="flex flex-wrap items-end gap-2" data-testid="users-search">
          <label className="grid min-w-64 flex-1 gap-1 font-semibold">
            {t('users.search')}
            <input type="search" name="q" defaultValue={q} maxLength={100} className="field-input" />
          </label>
          <button type="submit" className="btn-secondary">
            {t('users.searchButton')}
          </button>
        </form>
        <div className="grid gap-4">
          <p className="text-sm" role="status">
            {t('users.count', { total: found.total })}
          </p>
          {plainSaved && (
            <p role="status" className="font-semibold" data-testid="saved-notice">
              {t(savedText[plainSaved])}
            </p>
          )}
          {plainFailed && (
            <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="user-error">
              {query.reason === 'lastAdmin' ? te('lastAdmin') : t(failedText[plainFailed])}
            </p>
          )}
          {confirming && (
            <PlainDeleteConfirm
              name={<bdi dir="ltr">{confirming.email}</bdi>}
              text={t('users.deleteText', { email: confirming.email })}
              action={deleteUserPlain}
              fields={{ locale, [PLAIN_USER_ID_FIELD]: confirming.id, ...kept }}
              cancelHref={listPath}
            />
          )}
          <UsersTable
            kept={kept}
            confirmHref={`${localePath(locale, `/Admin/Users?${new URLSearchParams({ ...kept, confirmDelete: '' })}`)}`}
            users={found.users.map(({ id, name, email, isAdmin, isMiniAdmin }) => ({
              id,
              name,
              email,
              isAdmin,
              isMiniAdmin,
              twoFactor: twoFactor.has(id),
            }))}
            meId={user.id}
            adminCount={found.admins}
          />
          {found.pages > 1 && (
            <nav aria-label={t('users.pageOf', { page: found.page, pages: found.pages })} className="flex items-center gap-4">
              {found.page > 1 && (
                <AdminLink href={usersHref(found.page - 1)} rel="prev" className="btn-secondary">
                  {t('users.previous')}
                </AdminLink>
              )}
              <span>{t('users.pageOf', { page: found.page, pages: found.pages })}</span>
              {found.page < found.pages && (
                <AdminLink href={usersHref(found.page + 1)} rel="next" className="btn-secondary" data-testid="users-next">
                  {t('users.next')}
                </AdminLink>
              )}
            </nav>
          )}
        </div>
        <section aria-labelledby="invite-title" className="grid gap-3">
          <h2 id="invite-title" className="text-xl font-bold">
            {t('users.inviteTitle')}
          </h2>
          <InviteForm />
          <h3 className="mt-2 text-lg font-bold">{t('users.invitationsTitle')}</h3>
          <InvitationList invitations={invitations} locale={locale} kept={kept} />
        </section>
        <section aria-labelledby="signup-title" className="grid gap-3">
          <h2 id="signup-title" className="text-xl font-bold">
            {t('users.signupTitle')}
          </h2>
          <SignupModeForm open={settings.signupOpen} />
        </section>
      </section>
    );
  }
  if (route.kind === 'settings') {
    if (!can(user, 'users')) return <ForbiddenNotice />;
    const settings = await getAllSiteSettings();
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
          saved={(await searchParams).saved === '1'}
          version={settings.updatedAt ?? NO_ROW_VERSION}
          initial={
            Object.fromEntries(SETTINGS_TEXT_FIELDS.map((name) => [name, String(settings[name])])) as Record<
              (typeof SETTINGS_TEXT_FIELDS)[number],
              string
            >
          }
          // What the site shows while nothing is saved: in the fields, marked "Default".
          defaults={await settingsDefaults(settings)}
          files={{
            logo: file(settings.logo),
            socialImage: file(settings.socialImage),
            aboutImage: file(settings.aboutImage),
            portfolio: settings.portfolio ? PORTFOLIO_PATH : null,
          }}
          defaultImages={DEFAULT_IMAGES}
          imageLimits={imageLimits}
        />
        <section aria-labelledby="two-factor-policy-title" className="mt-10 grid gap-4">
          <h2 id="two-factor-policy-title" className="text-xl font-bold">
            {t('settings.twoFactorTitle')}
          </h2>
          <TwoFactorPolicyForm
            policy={
              (TWO_FACTOR_POLICIES as readonly string[]).includes(settings.twoFactorPolicy)
                ? (settings.twoFactorPolicy as TwoFactorPolicy)
                : 'none'
            }
          />
        </section>
      </section>
    );
  }
  if (route.kind === 'account') {
    // Every signed-in person's own: their password, two-factor sign-in and where they are signed in.
    const [sessions, status] = await Promise.all([listSessions(user), twoFactorStatus(user.id)]);
    const view: TwoFactorView =
      status.state === 'on' ? { state: 'on', since: formatWhen(status.enabledAt, locale), codesLeft: status.codesLeft } : status;
    return (
      <section className="grid gap-10">
        <h1 tabIndex={-1} className="text-3xl font-extrabold focus:outline-none">
          {t('account.title')}
        </h1>
        <section aria-labelledby="name-title" className="grid gap-4">
          <h2 id="name-title" className="text-xl font-bold">
            {t('account.nameTitle')}
          </h2>
          <NameForm name={user.name} />
        </section>
        <section aria-labelledby="two-factor-title" className="grid gap-4">
          <h2 id="two-factor-title" className="text-xl font-bold">
            {t('account.twoFactorTitle')}
          </h2>
          <TwoFactorPanel view={view} required={enrol} />
        </section>
        <section aria-labelledby="password-title" className="grid gap-4">
          <h2 id="password-title" className="text-xl font-bold">
            {t('account.passwordTitle')}
          </h2>
          <PasswordForm />
        </section>
        <section aria-labelledby="sessions-title" className="grid gap-4">
          <h2 id="sessions-title" className="text-xl font-bold">
            {t('account.sessionsTitle')}
          </h2>
          <p className="text-zinc-700 dark:text-zinc-300">{t('account.sessionsIntro')}</p>
          <SessionList
            sessions={sessions.map((s) => ({
              ...s,
              opened: formatWhen(s.createdAt, locale),
              lastUsed: s.lastUsedAt ? formatWhen(s.lastUsedAt, locale) : null,
            }))}
          />
        </section>
      </section>
    );
  }
  if (route.kind === 'activity') {
    if (!can(user, 'users')) return <ForbiddenNotice />;
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
  if (route.kind === 'backups') {
    // /Admin/Backups is its own route (app/[locale]/Admin/Backups), which matches its own spelling
    // only: another letter case (/Admin/backups) lands here and is sent there, its query kept.
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(await searchParams)) for (const one of [value ?? []].flat()) query.append(name, one);
    return redirect({ href: `${adminPath.backups}${query.size ? `?${query}` : ''}`, locale });
  }
  if (route.kind === 'inquiries' || route.kind === 'inquiry') {
    if (!can(user, 'content')) return <ForbiddenNotice />;
    if (route.kind === 'inquiry') {
      const query = await searchParams;
      return <InquiryDetail id={route.id} locale={locale} viewer={user.id} plain={plainLeadNotice(query)} />;
    }
    const query = await searchParams;
    return (
      <InquiryInbox
        locale={locale}
        filter={parseInquiryFilter(query)}
        viewer={user.id}
        deleted={plainLeadNotice(query)?.form === 'delete'}
      />
    );
  }
  const { area } = route;
  const ta = await getTranslations(`admin.areas.${area.key}`);
  if (route.kind === 'list' && area.key === 'events') {
    // A company's whole portfolio: paged, searched and filtered in the database (issue 25).
    const query = await searchParams;
    const filter = parseAdminListFilter(query);
    const [{ cards, total, pages }, options] = await Promise.all([projectCards(locale, filter), fieldOptions(area, locale)]);
    const thisYear = new Date().getUTCFullYear();
    return (
      <ItemList
        area={area}
        cards={cards}
        locale={locale}
        query={query}
        filtered={Boolean(filter.q || filter.year || filter.client || filter.service || filter.state)}
        saved={savedNotice(query.saved)}
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
    const query = await searchParams;
    const q = searchQuery(query);
    const cards = await listCards(area, locale, q);
    return (
      <ItemList
        area={area}
        cards={cards}
        locale={locale}
        query={query}
        filtered={q !== ''}
        // Move up / Move down answer with the list again, naming the slide moved or the refusal.
        moved={area.numbered ? { id: parseId(query.moved), failed: query.moveError !== undefined } : undefined}
        saved={savedNotice(query.saved)}
        toolbar={<ListSearch q={q} total={cards.length} listHref={adminPath.list(area)} />}
      />
    );
  }
  const options = await fieldOptions(area, locale);
  const back = (
    <AdminLink href={adminPath.list(area)} className="mb-4 inline-block text-sm font-semibold underline">
      {t('backToList')}
    </AdminLink>
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
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <h1 className="text-3xl font-extrabold">{ta('editHeading')}</h1>
        {/* The page the item is seen on, in this language, in a tab of its own (the form stays as typed). */}
        {current.sitePath && (
          <a
            href={localePath(locale, current.sitePath)}
            target="_blank"
            rel="noopener"
            className="text-sm font-semibold underline"
            data-testid="view-on-site"
          >
            {t('viewOnSite')}
          </a>
        )}
      </div>
      <ItemForm
        areaKey={area.key}
        id={route.id}
        initial={current.values}
        version={current.version}
        image={current.image}
        options={options}
        imageLimits={imageLimits}
      />
    </section>
  );
}
