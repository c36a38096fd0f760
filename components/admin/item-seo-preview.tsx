'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { pagePath } from '@/lib/pages';
import { SEO_LENGTHS, snippet } from '@/lib/settings/page-seo-schema';
import { DEFAULT_IMAGES } from '@/lib/settings/paths';
import { SeoPreview } from './seo-preview';

type Language = 'en' | 'ar';
const noChange = () => () => {};
const FIELDS = [
  'seoTitleEn',
  'seoTitleAr',
  'seoDescriptionEn',
  'seoDescriptionAr',
  'slug',
  'titleEn',
  'titleAr',
  'nameEn',
  'nameAr',
  'descriptionEn',
  'descriptionAr',
];

/**
 * A service's or a project's search result and link card, in each language, under its form's
 * fields: drawn from what the form holds as it is typed (its search title and description, else
 * its title or name and the start of its description, as the page's metadata falls back:
 * lib/seo.ts detailMetadata), with a counter for each search text. The picture is the row's.
 */
export function ItemSeoPreview({
  form,
  area,
  image,
}: {
  form: RefObject<HTMLFormElement | null>;
  area: 'services' | 'events';
  image: string | null;
}) {
  const t = useTranslations('admin.seo');
  const [values, setValues] = useState<Record<string, string>>({});
  // This site's address as the browser has it (none while the server renders: the path alone).
  const origin = useSyncExternalStore(
    noChange,
    () => window.location.origin,
    () => '',
  );
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const read = () => {
      const next: Record<string, string> = {};
      for (const name of FIELDS) {
        const input = element.elements.namedItem(name);
        if (input && 'value' in input && typeof input.value === 'string') next[name] = input.value;
      }
      setValues(next);
    };
    read();
    element.addEventListener('input', read);
    return () => element.removeEventListener('input', read);
  }, [form]);
  const base = pagePath(area === 'services' ? 'services' : 'projects');
  const of = (name: string) => (values[name] ?? '').trim();
  return (
    <section className="grid gap-4 rounded-2xl bg-zinc-100 p-4 dark:bg-zinc-800/60" aria-label={t('title')} data-testid="item-seo-preview">
      {(['en', 'ar'] as Language[]).map((language) => {
        const suffix = language === 'en' ? 'En' : 'Ar';
        const title = of(`seoTitle${suffix}`) || of(`title${suffix}`) || of(`name${suffix}`) || of('titleEn') || of('nameEn');
        const description = of(`seoDescription${suffix}`) || snippet(of(`description${suffix}`).replace(/\s+/g, ' '));
        const path = `${language === 'ar' ? '/ar' : ''}${base}/${of('slug')}`;
        return (
          <div key={language} className="grid gap-2">
            <p className="font-bold">{t(`language.${language}`)}</p>
            <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid={`item-seo-count-${language}`}>
              {t('fieldTitle')}: {[...of(`seoTitle${suffix}`)].length} / {SEO_LENGTHS.title.shown} · {t('fieldDescription')}:{' '}
              {[...of(`seoDescription${suffix}`)].length} / {SEO_LENGTHS.description.shown}
            </p>
            <SeoPreview
              language={language}
              url={`${origin}${path}`}
              title={title}
              description={description}
              image={image ?? DEFAULT_IMAGES.socialImage}
            />
          </div>
        );
      })}
    </section>
  );
}
