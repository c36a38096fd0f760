import 'server-only';
import { cacheTag } from 'next/cache';
import { cachedRead, isLocale, refuseUnlessValid, unwrap } from '@/lib/cache';
import { db } from '@/lib/db/client';
import { localized } from '@/lib/entities/bilingual';
import { imageUrl } from '@/lib/entities/define';
import { clients } from '@/lib/entities/clients';
import { events } from '@/lib/entities/events';
import { services } from '@/lib/entities/services';
import { isPlainWords } from '@/lib/entities/fields';
import { isSlug } from '@/lib/slug';
import { parseFaq, type FaqPair } from '@/lib/entities/services/faq';
import { renderRichText } from './rich-text';

// A service's page (issue 37): its own row, read by slug, cached per language and slug under the
// services' tag. Its projects are the portfolio's paged read filtered by the service
// (lib/content/projects.ts getProjectPage): one page of them, whatever the count.

export interface ServiceDetail {
  id: number;
  slug: string;
  /** What the quote form stores for the service (lib/inquiries serviceOptions: the English title). */
  quoteValue: string;
  title: string;
  description: string;
  /** The Markdown text rendered and sanitised (lib/content/rich-text.ts); '' when none. */
  bodyHtml: string;
  image: string | null;
  /** The link-preview image: the service's image cut to 1200x630. */
  shareImage: string | null;
  faq: FaqPair[];
  seoTitle: string;
  seoDescription: string;
  updatedAt: string;
}

export type ServiceLookup = { kind: 'found'; service: ServiceDetail } | { kind: 'moved'; slug: string } | { kind: 'missing' };

async function readService(locale: string, slug: string, ...extra: unknown[]) {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && isLocale(locale) && typeof slug === 'string');
  cacheTag(services.key, events.key, clients.key);
  return cachedRead(async (): Promise<ServiceLookup> => {
    if (!isSlug(slug)) return { kind: 'missing' };
    const row = await db.service.findUnique({ where: { slug } });
    if (!row) {
      const old = await db.serviceSlug.findUnique({ where: { slug }, include: { service: { select: { slug: true } } } });
      return old ? { kind: 'moved', slug: old.service.slug } : { kind: 'missing' };
    }
    const image = imageUrl(services, row.image);
    // The write path refuses markup in these (lib/entities/fields.ts); a row written around it
    // (an import, an older archive) shows the defaults instead of it.
    const words = (pair: 'seoTitle' | 'seoDescription') => {
      const text = localized(row, pair, locale);
      return isPlainWords(text) ? text : '';
    };
    return {
      kind: 'found',
      service: {
        id: row.id,
        slug: row.slug,
        quoteValue: row.titleEn,
        title: localized(row, 'title', locale),
        description: localized(row, 'description', locale),
        bodyHtml: renderRichText(localized(row, 'body', locale)),
        image,
        shareImage: image && `${image}?crop=share`,
        faq: parseFaq(localized(row, 'faq', locale)).filter((pair) => isPlainWords(pair.question) && isPlainWords(pair.answer)),
        seoTitle: words('seoTitle'),
        seoDescription: words('seoDescription'),
        updatedAt: row.updatedAt.toISOString(),
      },
    };
  });
}

export const getService = async (locale: string, slug: string) => unwrap(await readService(locale, slug));

/** Every service's slug, for the sitemap (two short columns a row). */
export const sitemapServices = () => db.service.findMany({ select: { slug: true, updatedAt: true }, orderBy: { id: 'asc' } });
