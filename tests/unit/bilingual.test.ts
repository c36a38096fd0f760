import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bilingual, columnOf, columnsOf, inLanguage, localized } from '@/lib/entities/bilingual';
import { fieldMeta, formFields } from '@/lib/entities/define';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { ENTITY_METAS } from '@/lib/entities/metas';
import { settingsSchema } from '@/lib/settings/schema';
import { pageSeoSchema } from '@/lib/settings/page-seo-schema';

// Issue 36, item 7: a bilingual field is declared once (lib/entities/bilingual.ts); its direction,
// old names, pair and the language a page shows all come from that one declaration.

describe('bilingual: one declaration, both columns', () => {
  const schema = z.object({
    ...bilingual('name', {
      en: z.string(),
      ar: z.string().optional(),
      form: { kind: 'text', hint: true },
      old: { en: 'name', ar: 'namear' },
    }),
    ...bilingual('city', { en: z.string(), ar: z.string(), old: NOT_IN_OLD_API }),
  });

  it('names the columns <pair>En and <pair>Ar, English first, each with its own rule', () => {
    expect(Object.keys(schema.shape)).toEqual(['nameEn', 'nameAr', 'cityEn', 'cityAr']);
    expect(schema.safeParse({ nameEn: 'x', cityEn: 'c', cityAr: 'ج' }).success).toBe(true);
    expect(schema.safeParse({ nameAr: 'x', cityEn: 'c', cityAr: 'ج' }).success).toBe(false);
    expect([columnOf('seoTitle', 'ar'), columnsOf('hours')]).toEqual(['seoTitleAr', ['hoursEn', 'hoursAr']]);
  });

  it('gives the Arabic one its right-to-left input, the pair its hint once, each its old name and its pair', () => {
    expect(fieldMeta(schema, 'nameEn')).toStrictEqual({
      form: { kind: 'text', hint: true },
      old: 'name',
      language: { pair: 'name', language: 'en' },
    });
    expect(fieldMeta(schema, 'nameAr')).toStrictEqual({
      form: { kind: 'text', rtl: true },
      old: 'namear',
      language: { pair: 'name', language: 'ar' },
    });
    // Not in the form and not in the old API: neither stated, the pair still known.
    expect(fieldMeta(schema, 'cityAr')).toStrictEqual({ old: NOT_IN_OLD_API, language: { pair: 'city', language: 'ar' } });
    expect(formFields({ schema }).map((f) => [f.name, f.rtl, f.language?.language])).toEqual([
      ['nameEn', undefined, 'en'],
      ['nameAr', true, 'ar'],
    ]);
  });

  it('localized: the Arabic text on Arabic pages, English when it is blank; inLanguage: that language alone', () => {
    const row = { nameEn: 'Stage', nameAr: 'مسرح', cityEn: 'Dubai', cityAr: '  ', hoursEn: null, hoursAr: null };
    expect([
      localized(row, 'name', 'ar'),
      localized(row, 'name', 'en'),
      localized(row, 'city', 'ar'),
      localized(row, 'hours', 'ar'),
    ]).toEqual(['مسرح', 'Stage', 'Dubai', '']);
    expect([inLanguage(row, 'city', 'ar'), inLanguage(row, 'city', 'en'), inLanguage(row, 'name', 'ar')]).toEqual(['', 'Dubai', 'مسرح']);
  });

  it('every En/Ar column of every entity and of the settings is a declared pair (none by hand), right to left only in Arabic', () => {
    const schemas: [string, z.ZodObject][] = [
      ...ENTITY_METAS.map((meta): [string, z.ZodObject] => [meta.key, meta.schema]),
      ['settings', settingsSchema],
      ['pageSeo', pageSeoSchema],
    ];
    let pairs = 0;
    for (const [key, shape] of schemas) {
      for (const name of Object.keys(shape.shape)) {
        const match = /^(.+)(En|Ar)$/.exec(name);
        if (!match || !Object.hasOwn(shape.shape, `${match[1]}${match[2] === 'En' ? 'Ar' : 'En'}`)) continue;
        const meta = fieldMeta(shape, name);
        const language = match[2] === 'En' ? 'en' : 'ar';
        expect(meta?.language, `${key}.${name}`).toEqual({ pair: match[1], language });
        if (meta?.form) expect(meta.form.rtl === true, `${key}.${name}`).toBe(language === 'ar');
        pairs += 1;
      }
    }
    // team 3, services 6 (issue 37: body, faq, seoTitle, seoDescription), events 6, contacts 3,
    // clients 2, settings 7 (issue 37: figures), a page's search and sharing 2, testimonials 3
    // (issue 37: quote, person, role), certifications 2 (name, issuer): 34 pairs, 68 columns.
    expect(pairs).toBe(68);
  });
});
