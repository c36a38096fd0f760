import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';
import { sitemapProjects } from '@/lib/content/projects';
import { sitemapServices } from '@/lib/content/services';
import { routing } from '@/lib/i18n/routing';
import { projectPath, servicePath } from '@/lib/pages';
import { languageAlternates, localizedUrl, sitemapPages } from '@/lib/seo';

/** One page of a row (a service, a project) in each language, with its hreflang pairs. */
const inEveryLanguage = (path: string, entry: { lastModified: Date; priority: number; images?: string[] }) =>
  routing.locales.map((locale) => ({
    url: localizedUrl(locale, path),
    changeFrequency: 'monthly' as const,
    alternates: { languages: languageAlternates(path) },
    ...entry,
  }));

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const pages = sitemapPages();
  // Every service's page (issue 37).
  const services = (await sitemapServices()).flatMap(({ slug, updatedAt }) =>
    inEveryLanguage(servicePath(slug), { lastModified: updatedAt, priority: 0.8 }),
  );
  // Every published project, with its images (drafts are never listed).
  const projects = (await sitemapProjects()).flatMap(({ slug, updatedAt, images }) =>
    inEveryLanguage(projectPath(slug), { lastModified: updatedAt, priority: 0.6, images: images.map((src) => `${config.siteUrl}${src}`) }),
  );
  return [...pages, ...services, ...projects];
}

// The site URL comes from the environment at run time, not at build time.
export const dynamic = 'force-dynamic';
