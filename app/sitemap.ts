import type { MetadataRoute } from 'next';
import { routing } from '@/lib/i18n/routing';
import { PUBLIC_PAGES } from '@/lib/pages';
import { languageAlternates, localizedUrl } from '@/lib/seo';

export default function sitemap(): MetadataRoute.Sitemap {
  return PUBLIC_PAGES.flatMap(({ path, sitemap: { changeFrequency, priority } }) =>
    routing.locales.map((locale) => ({
      url: localizedUrl(locale, path),
      changeFrequency,
      priority,
      alternates: { languages: languageAlternates(path) },
    })),
  );
}

// The site URL comes from the environment at run time, not at build time.
export const dynamic = 'force-dynamic';
