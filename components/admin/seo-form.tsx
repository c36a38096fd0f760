'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef, useState } from 'react';
import { useFormFeedback } from '@/components/auth/use-form-feedback';
import { savePageSeoForm } from '@/lib/settings/actions';
import { SEO_LENGTHS } from '@/lib/settings/page-seo-schema';
import { ImageInput, type ImageLimits } from './image-input';
import { SeoPreview } from './seo-preview';
import { useUnsavedChanges } from './unsaved-changes';

type Language = 'en' | 'ar';
const LANGUAGES: Language[] = ['en', 'ar'];

export interface SeoFormValues {
  titleEn: string;
  titleAr: string;
  descriptionEn: string;
  descriptionAr: string;
}

/**
 * A fixed page's search and sharing (/Admin/Seo/{page}): per language its title and description,
 * each with a counter, and the search result and the link card they make, drawn as they are typed;
 * the share image (cut to 1200x630 when saved). An empty field shows the page's default, which
 * is what the page keeps. Saved, the action answers with this screen again saying so (with or
 * without scripts), drawn from what is stored.
 */
export function SeoForm({
  page,
  version,
  values,
  defaults,
  urls,
  image,
  customImage,
  limits,
}: {
  page: string;
  version: string;
  values: SeoFormValues;
  defaults: SeoFormValues;
  urls: Record<Language, string>;
  image: string;
  customImage: boolean;
  limits: ImageLimits;
}) {
  const t = useTranslations('admin.seo');
  const locale = useLocale();
  const [state, action, pending] = useActionState(savePageSeoForm, null);
  const { failed, error, refusal } = useFormFeedback(state);
  const form = useRef<HTMLFormElement>(null);
  useUnsavedChanges(form);
  const sent = failed?.values as Partial<SeoFormValues> | undefined;
  const [live, setLive] = useState<SeoFormValues>({ ...values, ...sent });
  const [picked, setPicked] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked);
    },
    [picked],
  );
  const field = (name: keyof SeoFormValues, language: Language, kind: 'title' | 'description') => {
    const id = `seo-${name}`;
    const problem = error(name);
    const count = [...live[name]].length;
    const { shown } = SEO_LENGTHS[kind];
    const common = {
      id,
      name,
      dir: language === 'ar' ? 'rtl' : 'ltr',
      lang: language,
      value: live[name],
      placeholder: defaults[name],
      maxLength: SEO_LENGTHS[kind].max,
      onChange: (event: { currentTarget: { value: string } }) => {
        const value = event.currentTarget.value;
        setLive((now) => ({ ...now, [name]: value }));
      },
      'aria-invalid': Boolean(problem),
      'aria-describedby': `${id}-count${problem ? ` ${id}-error` : ''}`,
      className: 'field-input w-full',
      'data-testid': id,
    };
    return (
      <div className="grid gap-1">
        <label htmlFor={id} className="font-semibold">
          {t(kind === 'title' ? 'fieldTitle' : 'fieldDescription')}
        </label>
        {kind === 'title' ? <input {...common} /> : <textarea rows={3} {...common} />}
        <p
          id={`${id}-count`}
          className={`text-sm ${count > shown ? 'font-semibold text-amber-800 dark:text-amber-300' : 'text-zinc-700 dark:text-zinc-300'}`}
          data-testid={`${id}-count`}
        >
          {count === 0 ? t('usingDefault') : t(count > shown ? 'countOver' : 'count', { count, shown })}
        </p>
        {problem && (
          <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
      </div>
    );
  };
  return (
    <form ref={form} action={action} className="grid max-w-3xl gap-6" noValidate data-testid="seo-form">
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="page" value={page} />
      <input type="hidden" name="version" value={version} />
      {LANGUAGES.map((language) => {
        const title = language === 'en' ? 'titleEn' : 'titleAr';
        const description = language === 'en' ? 'descriptionEn' : 'descriptionAr';
        return (
          <fieldset key={language} className="grid gap-4 rounded-2xl bg-white p-4 ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800">
            <legend className="px-1 text-lg font-bold">{t(`language.${language}`)}</legend>
            {field(title, language, 'title')}
            {field(description, language, 'description')}
            <SeoPreview
              language={language}
              url={urls[language]}
              title={live[title] || defaults[title]}
              description={live[description] || defaults[description]}
              image={picked ?? image}
            />
          </fieldset>
        );
      })}
      <div className="grid gap-2">
        <ImageInput
          name="image"
          label={t('image')}
          current={image}
          error={error('image')}
          limits={limits}
          onPick={(file) => setPicked(file ? URL.createObjectURL(file) : null)}
        />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('imageHint')}</p>
        {customImage && (
          <label className="flex items-center gap-2">
            <input type="checkbox" name="clearImage" value="1" data-testid="seo-clear-image" />
            {t('clearImage')}
          </label>
        )}
      </div>
      {refusal && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="seo-refusal">
          {refusal}
        </p>
      )}
      <div>
        <button type="submit" disabled={pending} className="btn-primary" data-testid="seo-save">
          {t('save')}
        </button>
      </div>
    </form>
  );
}
