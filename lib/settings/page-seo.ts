import 'server-only';
import { changedFields, recordActivity, type Who } from '@/lib/activity';
import { cachedRead, invalidate, refuseUnlessValid, unwrap, type CachedRead } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { inLanguage } from '@/lib/entities/bilingual';
import { fieldErrors } from '@/lib/entities/fields';
import { assertVersion, nextUpdatedAt } from '@/lib/entities/version';
import { AppError, invalid, type FieldErrors } from '@/lib/errors';
import { ImageError, processImage, shareCrop } from '@/lib/uploads/image';
import { newFileName, uploads } from '@/lib/uploads/store';
import { SITE_FOLDER } from '@/lib/uploads/store-contract';
import { cacheTag } from 'next/cache';
import { SETTINGS_TAG } from './index';
import { siteImageUrl } from './paths';
import { isSeoPage, PAGE_SEO_TEXT_FIELDS, pageSeoSchema, SEO_PAGES, type SeoPage } from './page-seo-schema';

// Search and sharing of the fixed pages (issue 37): read by every page's metadata (cached under
// the settings' tag, so a save shows on the next request of the cached page, in each language),
// written by /Admin/Seo through `savePageSeo` (the settings' steps: everything checked first, the
// new share image stored, the row written under its lock with its version compared, the old
// image removed, the tag expired). The share image is cut to 1200x630 as the site's is.

export interface PageSeoRow {
  page: SeoPage;
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
  image: string | null;
  /** The version a form read (ISO), or null when nothing was saved for the page yet. */
  updatedAt: string | null;
}

const emptyRow = (page: SeoPage): PageSeoRow => ({
  page,
  titleEn: '',
  titleAr: '',
  descriptionEn: '',
  descriptionAr: '',
  image: null,
  updatedAt: null,
});

async function readAll(): Promise<PageSeoRow[]> {
  const rows = await db.pageSeo.findMany();
  return SEO_PAGES.map((page) => {
    const row = rows.find((r) => r.page === page);
    return row ? { ...row, page, updatedAt: row.updatedAt.toISOString() } : emptyRow(page);
  });
}

async function readPageSeo(...extra: unknown[]): Promise<CachedRead<PageSeoRow[]>> {
  'use cache';
  await refuseUnlessValid(extra.length === 0);
  cacheTag(SETTINGS_TAG);
  return cachedRead(readAll);
}

/** What staff set for a page in a language: '' and null where they set nothing (the page's defaults apply). */
export async function pageSeo(page: SeoPage, locale: string): Promise<{ title: string; description: string; image: string | null }> {
  const row = (await unwrap(await readPageSeo())).find((r) => r.page === page) ?? emptyRow(page);
  return {
    title: inLanguage(row, 'title', locale),
    description: inLanguage(row, 'description', locale),
    image: row.image ? siteImageUrl(row.image) : null,
  };
}

/** Every page's row, read live: the back office. */
export const allPageSeo = (): Promise<PageSeoRow[]> => readAll();

/**
 * Saves a page's texts (a field not sent keeps its value), its share image (a new file, or `clear`
 * back to the site's). 422 with codes under each field; nothing stored then. 409 over a newer version.
 */
export async function savePageSeo(
  who: Who,
  page: unknown,
  raw: Record<string, unknown>,
  image: { file: File | null; clear: boolean },
  version: string | undefined,
): Promise<void> {
  if (!isSeoPage(page)) throw new AppError(400, 'badRequest');
  const provided = Object.fromEntries(PAGE_SEO_TEXT_FIELDS.filter((name) => raw[name] !== undefined).map((name) => [name, raw[name]]));
  const parsed = pageSeoSchema.partial().safeParse(provided);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  let cut: Buffer | null = null;
  if (image.file && image.file.size > 0) {
    try {
      cut = await shareCrop((await processImage(image.file)).data);
    } catch (error) {
      if (error instanceof ImageError) errors.image = [error.code];
      else throw error;
    }
  }
  if (!parsed.success || Object.keys(errors).length) throw invalid(errors);
  const texts = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  const stored = cut ? newFileName('jpg') : null;
  if (stored) await uploads.put(SITE_FOLDER, stored, cut!);
  let old: string | null = null;
  try {
    old = await db.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO page_seo (page) VALUES (${page}) ON CONFLICT (page) DO NOTHING`;
      await tx.$queryRaw`SELECT 1 FROM page_seo WHERE page = ${page} FOR UPDATE`;
      const current = await tx.pageSeo.findUniqueOrThrow({ where: { page } });
      // A page never saved reads as "none" (its row made just now holds nothing anyone saved).
      const neverSaved = PAGE_SEO_TEXT_FIELDS.every((field) => current[field] === '') && current.image === null;
      assertVersion(neverSaved ? null : current.updatedAt.toISOString(), version);
      const next = stored ?? (image.clear ? null : current.image);
      const updated = await tx.pageSeo.update({ where: { page }, data: { ...texts, image: next, updatedAt: nextUpdatedAt(current) } });
      // Logged under the settings with names of their own (the site's description is another field).
      const changes = Object.fromEntries(
        Object.entries(changedFields(current, updated, [...PAGE_SEO_TEXT_FIELDS, 'image'])).map(([field, change]) => [
          `seo${field[0]!.toUpperCase()}${field.slice(1)}`,
          change,
        ]),
      );
      if (Object.keys(changes).length)
        await recordActivity(tx, { ...who, kind: 'update', entity: 'settings', entityId: 1, detail: `seo.${page}`, changes });
      return current.image && current.image !== next ? current.image : null;
    });
  } catch (error) {
    if (stored) await uploads.remove(SITE_FOLDER, stored);
    throw error;
  }
  if (old) await uploads.remove(SITE_FOLDER, old);
  await invalidate(SETTINGS_TAG);
}
