import type { MetadataRoute } from 'next';
import { localizedUrl } from '@/lib/seo';

const PAGES = ['/', '/Services', '/TheTeam', '/AboutUs', '/ContactUs'];

export default function sitemap(): MetadataRoute.Sitemap {
  return PAGES.flatMap((path) =>
    (['en', 'ar'] as const).map((locale) => ({
      url: localizedUrl(locale, path),
      changeFrequency: 'weekly' as const,
      priority: path === '/' ? 1 : 0.7,
      alternates: { languages: { en: localizedUrl('en', path), ar: localizedUrl('ar', path), 'x-default': localizedUrl('en', path) } },
    })),
  );
}

// The site URL comes from the environment at run time, not at build time.
export const dynamic = 'force-dynamic';
