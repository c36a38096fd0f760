// A bilingual field, declared once (issue 36, item 7). The pair is two columns, `<name>En` and
// `<name>Ar`, each with its own rule (the English one is often required, the Arabic one not); the
// helper gives both their form input (the Arabic one right to left, the pair's hint under the
// English one), their old names and the pair they belong to. Every layer then reads the pair from
// the schema's metadata: the form's direction and missing-language notes (lib/admin/areas.ts),
// and the one projection (`localized`) that picks the page's language for views, cards and search.
// Isomorphic: the back office's forms read it.
import type { z } from 'zod';
import { pickLocalized } from '@/lib/i18n/pick';
import { NOT_IN_OLD_API, type FormDef, type Language } from './field-meta';

export const LANGUAGES = ['en', 'ar'] as const satisfies readonly Language[];

const SUFFIX = { en: 'En', ar: 'Ar' } as const;
type Suffix = (typeof SUFFIX)[Language];

/** The column holding one language of a pair (`name`, 'ar' → `nameAr`). */
export const columnOf = <N extends string, L extends Language>(name: N, language: L) =>
  `${name}${SUFFIX[language]}` as `${N}${(typeof SUFFIX)[L]}`;

/** Both columns of a pair, English first (for a search over both). */
export const columnsOf = <N extends string>(name: N) => LANGUAGES.map((language) => columnOf(name, language));

/** The old client's names of the two columns, or null for a pair it never had (lib/entities/define.ts NOT_IN_OLD_API). */
type OldNames = { en: string; ar: string } | typeof NOT_IN_OLD_API;

/**
 * Declares a pair: spread into an entity's `z.object` where its two fields go (English, then
 * Arabic, in the form's order).
 *   ...bilingual('name', { en: requiredText(120), ar: optionalText(120), form: { kind: 'text' }, old: { en: 'name', ar: 'namear' } })
 */
export function bilingual<N extends string, E extends z.ZodType, A extends z.ZodType>(
  pair: N,
  field: { en: E; ar: A; form?: Omit<FormDef, 'rtl'>; old: OldNames },
): { [K in `${N}${Suffix}`]: K extends `${N}En` ? E : A } {
  const member = (language: Language, schema: z.ZodType) => {
    let form: FormDef | undefined;
    if (field.form) {
      const { hint, ...input } = field.form;
      // The pair's hint is said once, under its first field.
      form = { ...input, ...(language === 'en' && hint ? { hint } : {}), ...(language === 'ar' ? { rtl: true } : {}) };
    }
    return schema.meta({
      ...(form ? { form } : {}),
      old: field.old === NOT_IN_OLD_API ? NOT_IN_OLD_API : field.old[language],
      language: { pair, language },
    });
  };
  return { [columnOf(pair, 'en')]: member('en', field.en), [columnOf(pair, 'ar')]: member('ar', field.ar) } as {
    [K in `${N}${Suffix}`]: K extends `${N}En` ? E : A;
  };
}

/**
 * The one projection of a pair into the page's language: the Arabic text on Arabic pages, the
 * English one when the Arabic is empty (and on English pages). `row` is anything holding the pair's
 * two columns (an entity's row, an included row, the site settings).
 */
export function localized<N extends string>(row: { [K in `${N}${Suffix}`]: string | null }, pair: N, locale: string): string {
  return pickLocalized(locale, row[columnOf(pair, 'en')] ?? '', row[columnOf(pair, 'ar')] ?? '');
}

/**
 * A pair's text in exactly one language, trimmed, with no fallback: for what has its own default
 * per language (the site settings: an Arabic page with no Arabic About shows the Arabic default,
 * not the English text).
 */
export function inLanguage<N extends string>(row: { [K in `${N}${Suffix}`]: string | null }, pair: N, locale: string): string {
  return (row[columnOf(pair, locale === 'ar' ? 'ar' : 'en')] ?? '').trim();
}
