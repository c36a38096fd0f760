import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';
import { sitemapProjects } from '@/lib/content/projects';
import { sitemapServices } from '@/lib/content/services';
import { routing } from '@/lib/i18n/routing';
import { projectPath, servicePath } from '@/lib/pages';
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
  // Every service's page in both languages.
  const services = (await sitemapServices()).flatMap(({ slug, updatedAt }) =>
    routing.locales.map((locale) => ({
      url: localizedUrl(locale, servicePath(slug)),
      lastModified: updatedAt,
      changeFrequency: 'monthly' as const,
      priority: 0.8,
      alternates: { languages: languageAlternates(servicePath(slug)) },
    })),
  );
  return [...pages, ...services, ...projects];
}

// The site URL comes from the environment at run time, not at build time.
export const dynamic = 'force-dynamic';
