import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';
import { sitemapProjects } from '@/lib/content/projects';
import { routing } from '@/lib/i18n/routing';
import { projectPath } from '@/lib/pages';
import { languageAlternates, localizedUrl, sitemapPages } from '@/lib/seo';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const pages = sitemapPages();
  // Every published project in both languages, with its images (drafts are never listed).
  const projects = (await sitemapProjects()).flatMap(({ slug, updatedAt, images }) =>
    routing.locales.map((locale) => ({
      url: localizedUrl(locale, projectPath(slug)),
      lastModified: updatedAt,
      changeFrequency: 'monthly' as const,
      priority: 0.6,
      alternates: { languages: languageAlternates(projectPath(slug)) },
      images: images.map((src) => `${config.siteUrl}${src}`),
    })),
  );
  return [...pages, ...projects];
}

// The site URL comes from the environment at run time, not at build time.
export const dynamic = 'force-dynamic';
