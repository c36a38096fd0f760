import { z } from 'zod';
import { bilingual } from '@/lib/entities/bilingual';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { optionalWords } from '@/lib/entities/fields';
import type { PageKey } from '@/lib/pages';

// Search and sharing of the fixed pages (issue 37, /Admin/Seo): the one field list of its form and
// its write path. Isomorphic (the form's counters read the limits). Plain words: no markup, no
// script link (they go into <title>, meta tags and link previews).

/** The fixed pages, in the menu's order. */
export const SEO_PAGES = ['home', 'services', 'projects', 'team', 'about', 'contact', 'privacy'] as const satisfies readonly PageKey[];
export type SeoPage = (typeof SEO_PAGES)[number];
export const isSeoPage = (value: unknown): value is SeoPage =>
  typeof value === 'string' && (SEO_PAGES as readonly string[]).includes(value);

/** What a search result shows before cutting it (the counters' marks), and what may be stored. */
export const SEO_LENGTHS = {
  title: { shown: 60, max: 70 },
  description: { shown: 160, max: 200 },
} as const;

/** A description for search engines and shares: at most SEO_LENGTHS.description.shown characters, cut at a word with "…". */
export const snippet = (text: string) => {
  const shown = SEO_LENGTHS.description.shown;
  return text.length > shown ? `${text.slice(0, shown - 3).trimEnd()}…` : text;
};

export const pageSeoSchema = z.object({
  ...bilingual('title', { en: optionalWords(SEO_LENGTHS.title.max), ar: optionalWords(SEO_LENGTHS.title.max), old: NOT_IN_OLD_API }),
  ...bilingual('description', {
    en: optionalWords(SEO_LENGTHS.description.max),
    ar: optionalWords(SEO_LENGTHS.description.max),
    old: NOT_IN_OLD_API,
  }),
});
export type PageSeoInput = z.output<typeof pageSeoSchema>;
export const PAGE_SEO_TEXT_FIELDS = Object.keys(pageSeoSchema.shape) as (keyof PageSeoInput)[];
