import 'server-only';
import { cacheTag } from 'next/cache';
import { cachedRead, isLocale, refuseUnlessValid, unwrap } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { imageUrl } from '@/lib/entities/define';
import { clients } from '@/lib/entities/clients';
import { events, type EventWithClient } from '@/lib/entities/events';
import type { GalleryImage } from '@/lib/entities/events/schema';
import { services } from '@/lib/entities/services';
import { parseId } from '@/lib/entities/ids';
import { Prisma } from '@/lib/generated/prisma/client';
import { normalizeForSearch, SEARCH_MAX } from '@/lib/search';
import { isSlug } from '@/lib/slug';
import { parseVideoUrl, type VideoRef } from '@/lib/video';
import { LANGUAGES, localized } from '@/lib/entities/bilingual';

// The portfolio's public reads (issue 25). Everything is paged and filtered in the database, so
// what a page reads and sends does not grow with the number of projects: Home reads at most
// HOME_PROJECTS rows, /Projects one page of PROJECTS_PER_PAGE, a project page its own row and
// RELATED_PROJECTS more. Drafts are never read here. Cached per arguments under the tags of
// every entity read (a write to any expires them, lib/cache.ts).

export const PROJECTS_PER_PAGE = 12;
export const HOME_PROJECTS = 8;
export const RELATED_PROJECTS = 3;
/** Pages past this are not rendered (a crawler's ?page=999999 costs nothing). */
const MAX_PAGE = 1000;
/** The page sizes a list is read in: /Projects' and Home's search's; no other (docs/security.md). */
const PAGE_SIZES: readonly number[] = [PROJECTS_PER_PAGE, HOME_PROJECTS];
/** The longest city a filter link carries (parseProjectFilter cuts there). */
const MAX_CITY = 100;
/** NFKC expands one character to at most 18 (U+FDFA), so a folded query is at most this long. */
const MAX_FOLDED_QUERY = SEARCH_MAX * 18;

const TAGS = [events.key, clients.key, services.key] as const;

export interface ProjectCard {
  id: number;
  slug: string;
  name: string;
  location: string;
  city: string;
  date: string | null;
  image: string | null;
  client: { id: number; name: string; logo: string | null };
}

export interface ProjectFilter {
  service: number | null;
  year: number | null;
  /** The English city, as the filter links carry it. */
  city: string | null;
  client: number | null;
  q: string;
  page: number;
}

export const NO_FILTER: ProjectFilter = { service: null, year: null, city: null, client: null, q: '', page: 1 };

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

function card(e: EventWithClient, locale: string): ProjectCard {
  return {
    id: e.id,
    slug: e.slug,
    name: localized(e, 'name', locale),
    location: localized(e, 'location', locale),
    city: localized(e, 'city', locale),
    date: day(e.date),
    image: imageUrl(events, e.image),
    client: { id: e.client.id, name: localized(e.client, 'name', locale), logo: imageUrl(clients, e.client.logo) },
  };
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The filter in a /Projects URL; values that name nothing are dropped (the page shows everything for them). */
export function parseProjectFilter(params: Record<string, string | string[] | undefined>): ProjectFilter {
  const year = Number(one(params.year));
  const page = Number(one(params.page) ?? 1);
  const city = (one(params.city) ?? '').trim().slice(0, MAX_CITY);
  return {
    service: parseId(one(params.service)),
    year: Number.isInteger(year) && year >= 1900 && year <= 2100 ? year : null,
    city: city || null,
    client: parseId(one(params.client)),
    // Control characters never match anything a person typed; they are dropped.
    q: normalizeForSearch((one(params.q) ?? '').replace(/[\u0000-\u001F\u007F]/g, ' ').slice(0, SEARCH_MAX)),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

const FILTER_KEYS = Object.keys(NO_FILTER).sort().join();
const isIdOrNull = (value: unknown) => value === null || (typeof value === 'number' && parseId(value) === value);

/** A filter as parseProjectFilter makes one, and nothing else (what an outside call of the reader may send). */
function isProjectFilter(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).sort().join() !== FILTER_KEYS) return false;
  const { service, year, city, client, q, page } = value as Record<string, unknown>;
  return (
    isIdOrNull(service) &&
    isIdOrNull(client) &&
    (year === null || (Number.isInteger(year) && (year as number) >= 1900 && (year as number) <= 2100)) &&
    (city === null || (typeof city === 'string' && city.length > 0 && city.length <= MAX_CITY)) &&
    typeof q === 'string' &&
    q.length <= MAX_FOLDED_QUERY &&
    Number.isInteger(page) &&
    (page as number) >= 1 &&
    (page as number) <= MAX_PAGE
  );
}

/** The search text of a column in the database, folded as lib/search.ts folds a query (Arabic included). */
const folded = (column: string) =>
  Prisma.raw(
    `regexp_replace(translate(regexp_replace(lower(normalize(${column}, NFKC)), '[\\u0610-\\u061A\\u064B-\\u065F\\u0670\\u06D6-\\u06ED\\u0640]', '', 'g'), 'أإآٱةى', 'ااااهي'), '\\s+', ' ', 'g')`,
  );
// Both languages of each pair searched (the columns' names in the database).
const SEARCHED = (['name', 'location', 'city'] as const).flatMap((pair) => LANGUAGES.map((language) => `${pair}_${language}`));
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: ProjectFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [Prisma.sql`published`];
  if (filter.service) parts.push(Prisma.sql`service_ids @> ARRAY[${filter.service}]::int[]`);
  if (filter.year) parts.push(Prisma.sql`date >= make_date(${filter.year}, 1, 1) AND date < make_date(${filter.year + 1}, 1, 1)`);
  if (filter.city) parts.push(Prisma.sql`lower(city_en) = lower(${filter.city})`);
  if (filter.client) parts.push(Prisma.sql`client_id = ${filter.client}`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    parts.push(
      Prisma.sql`(${Prisma.join(
        SEARCHED.map((column) => Prisma.sql`${folded(column)} LIKE ${pattern}`),
        ' OR ',
      )})`,
    );
  }
  return Prisma.join(parts, ' AND ');
}

async function cardsByIds(ids: number[], locale: string): Promise<ProjectCard[]> {
  if (!ids.length) return [];
  const rows = await db.event.findMany({ where: { id: { in: ids } }, include: { client: true } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [card(row, locale)] : [];
  });
}

export interface ProjectPage {
  cards: ProjectCard[];
  total: number;
  page: number;
  pages: number;
}

async function readProjectPage(locale: string, filter: ProjectFilter, size: number, ...extra: unknown[]) {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && isLocale(locale) && isProjectFilter(filter) && PAGE_SIZES.includes(size));
  cacheTag(...TAGS);
  return cachedRead(async (): Promise<ProjectPage> => {
    const offset = (filter.page - 1) * size;
    const rows = await db.$queryRaw<{ id: number; total: bigint }[]>`
      SELECT id, count(*) OVER () AS total FROM events WHERE ${whereOf(filter)}
      ORDER BY date DESC NULLS LAST, id DESC LIMIT ${size} OFFSET ${offset}`;
    let total = Number(rows[0]?.total ?? 0);
    if (!rows.length && filter.page > 1) {
      // Past the last page: the count comes from a query of its own, so the page can say so.
      const [count] = await db.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM events WHERE ${whereOf(filter)}`;
      total = Number(count?.total ?? 0);
    }
    return {
      cards: await cardsByIds(
        rows.map((row) => row.id),
        locale,
      ),
      total,
      page: filter.page,
      pages: Math.max(1, Math.ceil(total / size)),
    };
  });
}

/** One page of the filtered list, newest first, and the exact count: `size` is /Projects' 12 or Home's search's 8. */
export const getProjectPage = async (locale: string, filter: ProjectFilter, size = PROJECTS_PER_PAGE) =>
  unwrap(await readProjectPage(locale, filter, size));

/**
 * Home's live search (issue 25): the same search as /Projects' (name, place and city, either
 * language, Arabic folded), over every published project, the newest HOME_PROJECTS and the
 * exact count; its "All results" is /Projects?q= and shows the same count. One cached read per
 * folded query, whatever letter case or harakat were typed.
 */
export const searchHomeProjects = (locale: string, q: string) => getProjectPage(locale, { ...NO_FILTER, q }, HOME_PROJECTS);

export interface FilterChoice {
  value: string;
  label: string;
}
export interface ProjectFacets {
  services: FilterChoice[];
  years: FilterChoice[];
  cities: FilterChoice[];
  clients: FilterChoice[];
}

/** The filters' choices: only values some published project has (a handful of rows each, whatever the count). */
async function readFacets(locale: string, ...extra: unknown[]) {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && isLocale(locale));
  cacheTag(...TAGS);
  return cachedRead(async (): Promise<ProjectFacets> => {
    const [serviceRows, yearRows, cityRows, clientRows] = await Promise.all([
      db.$queryRaw<{ id: number; titleEn: string; titleAr: string }[]>`
        SELECT s.id, s.title_en AS "titleEn", s.title_ar AS "titleAr" FROM services s
        WHERE EXISTS (SELECT 1 FROM events e WHERE e.published AND e.service_ids @> ARRAY[s.id]) ORDER BY s.id`,
      db.$queryRaw<{ year: number }[]>`
        SELECT DISTINCT extract(year FROM date)::int AS year FROM events WHERE published AND date IS NOT NULL ORDER BY year DESC`,
      db.$queryRaw<{ cityEn: string; cityAr: string }[]>`
        SELECT DISTINCT ON (lower(city_en)) city_en AS "cityEn", city_ar AS "cityAr" FROM events WHERE published AND city_en <> '' ORDER BY lower(city_en), id`,
      db.$queryRaw<{ id: number; nameEn: string; nameAr: string }[]>`
        SELECT c.id, c.name_en AS "nameEn", c.name_ar AS "nameAr" FROM clients c
        WHERE EXISTS (SELECT 1 FROM events e WHERE e.published AND e.client_id = c.id) ORDER BY c.name_en`,
    ]);
    return {
      services: serviceRows.map((s) => ({ value: String(s.id), label: localized(s, 'title', locale) })),
      years: yearRows.map((y) => ({ value: String(y.year), label: String(y.year) })),
      cities: cityRows.map((c) => ({ value: c.cityEn, label: localized(c, 'city', locale) })),
      clients: clientRows.map((c) => ({ value: String(c.id), label: localized(c, 'name', locale) })),
    };
  });
}

export const getProjectFacets = async (locale: string) => unwrap(await readFacets(locale));

/**
 * Home's "Our projects": the featured ones in their order, then the newest, HOME_PROJECTS at most.
 * The order number counts among featured projects only: a project no longer featured keeps its
 * number (and every project has one, 0 by default), which must not put it before newer ones. A
 * featured project without a number (0, the blank box) comes after the numbered ones: "1" is first.
 */
async function readHomeProjects(locale: string, ...extra: unknown[]) {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && isLocale(locale));
  cacheTag(...TAGS);
  return cachedRead(async () => {
    const rows = await db.$queryRaw<{ id: number }[]>`
      SELECT id FROM events WHERE published
      ORDER BY featured DESC, CASE WHEN featured THEN NULLIF(featured_order, 0) END NULLS LAST, date DESC NULLS LAST, id DESC
      LIMIT ${HOME_PROJECTS}`;
    return cardsByIds(
      rows.map((row) => row.id),
      locale,
    );
  });
}

export const getHomeProjects = async (locale: string) => unwrap(await readHomeProjects(locale));

export interface ProjectImage {
  src: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
}

export interface ProjectDetail extends ProjectCard {
  nameEn: string;
  description: string[];
  services: { id: number; title: string }[];
  gallery: ProjectImage[];
  videos: (VideoRef & { url: string })[];
  seoTitle: string;
  seoDescription: string;
  /** The link-preview image: the first gallery photo (else the project's image), cut to 1200x630. */
  shareImage: string | null;
  previous: Pick<ProjectCard, 'slug' | 'name'> | null;
  next: Pick<ProjectCard, 'slug' | 'name'> | null;
  related: ProjectCard[];
  updatedAt: string;
}

export type ProjectLookup = { kind: 'found'; project: ProjectDetail } | { kind: 'moved'; slug: string } | { kind: 'missing' };

const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.trim())
    .filter(Boolean);

async function readProject(locale: string, slug: string, ...extra: unknown[]) {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && isLocale(locale) && typeof slug === 'string');
  cacheTag(...TAGS);
  return cachedRead(async (): Promise<ProjectLookup> => {
    if (!isSlug(slug)) return { kind: 'missing' };
    const row = await db.event.findFirst({ where: { slug, published: true }, include: { client: true } });
    if (!row) {
      const old = await db.eventSlug.findUnique({ where: { slug }, include: { event: { select: { slug: true, published: true } } } });
      return old?.event.published ? { kind: 'moved', slug: old.event.slug } : { kind: 'missing' };
    }
    const order = Prisma.sql`date DESC NULLS LAST, id DESC`;
    const [serviceRows, neighbours, relatedIds] = await Promise.all([
      row.serviceIds.length ? db.service.findMany({ where: { id: { in: row.serviceIds } }, orderBy: { id: 'asc' } }) : [],
      // The projects just newer (previous) and just older (next) than this one in the list's order.
      db.$queryRaw<{ slug: string; nameEn: string; nameAr: string; side: string }[]>`
        WITH ranked AS (SELECT id, slug, name_en, name_ar, row_number() OVER (ORDER BY ${order}) AS n FROM events WHERE published),
        me AS (SELECT n FROM ranked WHERE id = ${row.id})
        SELECT slug, name_en AS "nameEn", name_ar AS "nameAr", CASE WHEN ranked.n < me.n THEN 'previous' ELSE 'next' END AS side
        FROM ranked, me WHERE ranked.n IN (me.n - 1, me.n + 1)`,
      // Related: same services or client, the most services in common first, then the newest.
      db.$queryRaw<{ id: number }[]>`
        SELECT id FROM events
        WHERE published AND id <> ${row.id} AND (client_id = ${row.clientId} OR service_ids && ${row.serviceIds}::int[])
        ORDER BY cardinality(ARRAY(SELECT unnest(service_ids) INTERSECT SELECT unnest(${row.serviceIds}::int[]))) DESC, ${order}
        LIMIT ${RELATED_PROJECTS}`,
    ]);
    const side = (name: string) => {
      const found = neighbours.find((n) => n.side === name);
      return found ? { slug: found.slug, name: localized(found, 'name', locale) } : null;
    };
    const gallery = (row.gallery as unknown as GalleryImage[]).map((image) => ({
      src: imageUrl(events, image.file)!,
      width: image.width,
      height: image.height,
      alt: localized(image, 'alt', locale),
      caption: localized(image, 'caption', locale),
    }));
    const base = card(row, locale);
    return {
      kind: 'found',
      project: {
        ...base,
        nameEn: row.nameEn,
        description: paragraphs(localized(row, 'description', locale)),
        services: serviceRows.map((s) => ({ id: s.id, title: localized(s, 'title', locale) })),
        gallery,
        videos: row.videos.flatMap((url) => {
          const video = parseVideoUrl(url);
          return video ? [{ ...video, url }] : [];
        }),
        seoTitle: localized(row, 'seoTitle', locale),
        seoDescription: localized(row, 'seoDescription', locale),
        // The cover, cut to 1200x630 by the media route (lib/uploads/image.ts shareCrop): one upload
        // is the card, the page's head and the link preview (issue 35), not a second copy as the
        // gallery's first photo.
        shareImage: base.image && `${base.image}?crop=share`,
        previous: side('previous'),
        next: side('next'),
        related: await cardsByIds(
          relatedIds.map((r) => r.id),
          locale,
        ),
        updatedAt: row.updatedAt.toISOString(),
      },
    };
  });
}

export const getProject = async (locale: string, slug: string) => unwrap(await readProject(locale, slug));

/** Every published project's slug and images, for the sitemap (a few short columns a row). */
export async function sitemapProjects(): Promise<{ slug: string; updatedAt: Date; images: string[] }[]> {
  const rows = await db.event.findMany({
    where: { published: true },
    select: { slug: true, updatedAt: true, image: true, gallery: true },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({
    slug: row.slug,
    updatedAt: row.updatedAt,
    images: [row.image, ...(row.gallery as unknown as GalleryImage[]).map((image) => image.file)]
      .filter((file): file is string => Boolean(file))
      .map((file) => imageUrl(events, file)!),
  }));
}
