import 'server-only';
import * as crud from '@/lib/entities/crud';
import { rowDocumentUrl, rowImageUrl, rowToInput, type AdminCard } from '@/lib/entities/define';
import { db } from '@/lib/db/client';
import { events } from '@/lib/entities/events';
import { parseId } from '@/lib/entities/ids';
import { versionOf } from '@/lib/entities/version';
import { entityByKey, entityOf } from '@/lib/entities/registry';
import { mainOffice } from '@/lib/offices';
import { SEARCH_MAX } from '@/lib/search';
import type { AreaDef } from './areas';

// The admin's read layer: rows become plain view models for the list cards and form values,
// through each entity's descriptor.

export type { AdminCard };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** A list's `?q=`, trimmed and bounded. */
export const searchQuery = (params: Record<string, string | string[] | undefined>) => first(params.q).trim().slice(0, SEARCH_MAX);

/**
 * An area's cards, those matching `q` when given: any of the item's texts in either language, or its
 * image's file name, contains it (letter case aside). Filtered here, on the server: these areas hold
 * tens of rows (the long one, projects, is searched in the database by projectCards).
 */
export async function listCards(area: AreaDef, locale: string, q = ''): Promise<(AdminCard & { main?: boolean })[]> {
  const needle = q.trim().slice(0, SEARCH_MAX).toLocaleLowerCase();
  const entity = entityOf(area.key);
  const rows = await crud.list(entity);
  // Of the whole list, before a search narrows it: the main office stays the main one when found alone.
  const mainId = area.mainFirst ? (mainOffice(rows) as { id: number } | undefined)?.id : undefined;
  const found = needle
    ? rows.filter((row) =>
        [
          ...Object.values(rowToInput(entity, row)),
          entity.image ? (row as unknown as Record<string, unknown>)[entity.image.column] : null,
        ].some((value) => typeof value === 'string' && value.toLocaleLowerCase().includes(needle)),
      )
    : rows;
  return found.map((row) => {
    const card = entity.card(row, locale, rowImageUrl(entity, row));
    return mainId === undefined ? card : { ...card, main: card.id === mainId };
  });
}

/** Cards a page of the back office's project list holds. */
export const ADMIN_PAGE_SIZE = 24;

export interface AdminListFilter {
  q: string;
  year: number | null;
  client: number | null;
  service: number | null;
  /** 'draft' or 'published'; null for both. */
  state: 'draft' | 'published' | null;
  page: number;
}

export function parseAdminListFilter(params: Record<string, string | string[] | undefined>): AdminListFilter {
  const year = Number(first(params.year));
  const page = Number(first(params.page) || 1);
  const state = first(params.state);
  return {
    q: searchQuery(params),
    year: Number.isInteger(year) && year >= 1900 && year <= 2100 ? year : null,
    client: parseId(first(params.client) || undefined),
    service: parseId(first(params.service) || undefined),
    state: state === 'draft' || state === 'published' ? state : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/**
 * The back office's projects, a page at a time, searched and filtered in the database: the list
 * answers as fast at a thousand projects as at ten (one indexed page and one count).
 */
export async function projectCards(
  locale: string,
  filter: AdminListFilter,
): Promise<{ cards: (AdminCard & { draft: boolean; featured: boolean })[]; total: number; pages: number }> {
  const text = filter.q ? { contains: filter.q, mode: 'insensitive' as const } : undefined;
  const where = {
    ...(text
      ? { OR: [{ nameEn: text }, { nameAr: text }, { locationEn: text }, { locationAr: text }, { cityEn: text }, { slug: text }] }
      : {}),
    ...(filter.year ? { date: { gte: new Date(Date.UTC(filter.year, 0, 1)), lt: new Date(Date.UTC(filter.year + 1, 0, 1)) } } : {}),
    ...(filter.client ? { clientId: filter.client } : {}),
    ...(filter.service ? { serviceIds: { has: filter.service } } : {}),
    ...(filter.state ? { published: filter.state === 'published' } : {}),
  };
  const [rows, total] = await Promise.all([
    db.event.findMany({
      where,
      include: { client: true },
      orderBy: events.orderBy as object[],
      skip: (filter.page - 1) * ADMIN_PAGE_SIZE,
      take: ADMIN_PAGE_SIZE,
    }),
    db.event.count({ where }),
  ]);
  return {
    cards: rows.map((row) => ({
      ...events.card(row, locale, rowImageUrl(events, row)),
      draft: !row.published,
      featured: row.featured,
    })),
    total,
    pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

export interface FormValues {
  values: Record<string, string>;
  image: string | null;
  /** The item's document (a PDF) URL, or null. */
  document: string | null;
  /** The version the form is read at; its save carries it back (lib/entities/version.ts). */
  version: string | null;
  /** The public page showing the item (an English path), null while it is not shown. */
  sitePath: string | null;
}

/** A value as its field shows it: a list of plain values one a line (ids, links), the gallery as JSON. */
const formText = (value: unknown): string =>
  Array.isArray(value) ? (value.some((item) => typeof item === 'object') ? JSON.stringify(value) : value.join('\n')) : String(value);

/** A row as the strings its form shows (null when the id does not exist). */
export async function formValues(area: AreaDef, id: number): Promise<FormValues | null> {
  const entity = entityOf(area.key);
  try {
    const row = await crud.get(entity, id);
    const input = rowToInput(entity, row);
    return {
      values: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, formText(v)])),
      image: rowImageUrl(entity, row),
      document: rowDocumentUrl(entity, row),
      version: versionOf(row),
      sitePath: entity.sitePath(row),
    };
  } catch {
    return null;
  }
}

/** The choices of each select field: the rows of the entity it refers to, labelled by their card title. */
export async function fieldOptions(area: AreaDef, locale: string): Promise<Record<string, { value: string; label: string }[]>> {
  const options: Record<string, { value: string; label: string }[]> = {};
  for (const field of area.fields) {
    const source = field.optionsFrom ? entityByKey(field.optionsFrom) : undefined;
    if (!source) continue;
    options[field.name] = (await crud.list(source)).map((row) => {
      const card = source.card(row, locale, null);
      return { value: String(card.id), label: card.title };
    });
  }
  return options;
}
