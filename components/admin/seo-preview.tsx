'use client';

import { useTranslations } from 'next-intl';

/**
 * What a page's title, description and share image look like where people meet them: a search
 * result (the address, the title cut at about 60 characters, two lines of description) and a
 * link card as WhatsApp and other apps draw it (the image at 1200x630, the title, the description,
 * the site's host). Drawn from what is typed; nothing is fetched but the image.
 */
export function SeoPreview({
  language,
  url,
  title,
  description,
  image,
}: {
  language: 'en' | 'ar';
  /** The page's address; its host is this site's (the browser's own until known, in the back office's forms). */
  url: string;
  title: string;
  description: string;
  image: string;
}) {
  const t = useTranslations('admin.seo');
  const address = new URL(url, 'http://site.invalid');
  const host = address.host === 'site.invalid' ? '' : address.host;
  const crumbs = [host, ...address.pathname.split('/').filter(Boolean)].join(' › ');
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return (
    <div className="grid gap-3" data-testid={`seo-preview-${language}`}>
      <p className="text-sm font-semibold">{t('previewSearch')}</p>
      <div
        lang={language}
        dir={dir}
        className="rounded-xl bg-white p-3 text-start text-zinc-900 ring-1 ring-zinc-300"
        data-testid="seo-preview-search"
      >
        <p dir="ltr" className="truncate text-start text-xs text-zinc-700">
          {crumbs}
        </p>
        <p className="line-clamp-1 text-lg text-[#1a0dab]" data-testid="seo-preview-title">
          {title}
        </p>
        <p className="line-clamp-2 text-sm text-zinc-700" data-testid="seo-preview-description">
          {description}
        </p>
      </div>
      <p className="text-sm font-semibold">{t('previewCard')}</p>
      <div
        lang={language}
        dir={dir}
        className="max-w-sm overflow-hidden rounded-xl bg-[#e7fed8] text-start text-zinc-900 ring-1 ring-zinc-300"
        data-testid="seo-preview-card"
      >
        {/* eslint-disable-next-line @next/next/no-img-element -- a preview of the file picked or stored, at its share size */}
        <img src={image} alt="" width={1200} height={630} className="aspect-[1200/630] w-full object-cover" />
        <div className="grid gap-0.5 p-2">
          <p className="line-clamp-2 text-sm font-bold">{title}</p>
          <p className="line-clamp-2 text-xs text-zinc-700">{description}</p>
          <p dir="ltr" className="text-start text-xs text-zinc-600">
            {host}
          </p>
        </div>
      </div>
    </div>
  );
}
