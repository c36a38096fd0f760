import { ItemList } from '@/components/admin/item-list';
import { ListSearch } from '@/components/admin/list-search';
import { ProjectListPages, ProjectListTools } from '@/components/admin/project-list-tools';
import { ForbiddenNotice } from '@/components/admin/forbidden-notice';
import { adminPath, type AreaDef } from '@/lib/admin/areas';
import { areaOf } from '@/lib/admin/content-screen';
import { savedNotice } from '@/lib/admin/notices';
import { screenMetadata, screenUser, type ScreenProps, type SearchParams } from '@/lib/admin/screen';
import { can } from '@/lib/auth/permissions';
import { fieldOptions, listCards, parseAdminListFilter, projectCards, searchQuery } from '@/lib/admin/server';
import { parseId } from '@/lib/entities/ids';
import { runtimeKey } from '@/lib/i18n/keys';

// A content area's list (/Admin/Teams, /Admin/Events, …: lib/admin/rewrites.ts).
type Props = ScreenProps<{ area: string }>;

export const generateMetadata = screenMetadata<{ area: string }>((t, { area }) => t(runtimeKey(`areas.${areaOf(area).key}.title`)));

export default async function AreaListPage({ params, searchParams }: Props) {
  const { locale, area: key } = await params;
  const user = await screenUser(locale);
  const area = areaOf(key);
  if (!can(user, area.meta.permission)) return <ForbiddenNotice />;
  const query = await searchParams;
  const list = area.key === 'events' ? await projectList(area, locale, query) : await areaList(area, locale, query);
  return <ItemList area={area} locale={locale} query={query} saved={savedNotice(query.saved)} {...list} />;
}

/** A company's whole portfolio: paged, searched and filtered in the database (issue 25). */
async function projectList(area: AreaDef, locale: string, query: SearchParams) {
  const filter = parseAdminListFilter(query);
  const [{ cards, total, pages }, options] = await Promise.all([projectCards(locale, filter), fieldOptions(area, locale)]);
  const thisYear = new Date().getUTCFullYear();
  return {
    cards,
    filtered: Boolean(filter.q || filter.year || filter.client || filter.service || filter.state),
    toolbar: (
      <ProjectListTools
        filter={filter}
        total={total}
        clients={options.clientId ?? []}
        services={options.serviceIds ?? []}
        years={Array.from({ length: 30 }, (_, i) => thisYear + 1 - i)}
      />
    ),
    footer: <ProjectListPages filter={filter} pages={pages} />,
  };
}

/** Any other area: its whole list, searched in memory (a few dozen rows). */
async function areaList(area: AreaDef, locale: string, query: SearchParams) {
  const q = searchQuery(query);
  const cards = await listCards(area, locale, q);
  return {
    cards,
    filtered: q !== '',
    // Move up / Move down answer with the list again, naming the slide moved or the refusal.
    moved: area.numbered ? { id: parseId(query.moved), failed: query.moveError !== undefined } : undefined,
    toolbar: <ListSearch q={q} total={cards.length} listHref={adminPath.list(area)} />,
  };
}
