import type { Metadata } from 'next';
import { formatWhen } from '@/lib/i18n/dates';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientLogo } from '@/components/site/client-logo';
import { ProjectJsonLd } from '@/components/site/json-ld';
import { ProjectCard } from '@/components/site/project-card';
import { ProjectGallery } from '@/components/site/project-gallery';
import { projectsHref } from '@/components/site/pagination';
import { QuoteCta } from '@/components/site/quote-cta';
import { VideoPosters } from '@/components/site/video-poster';
import { StaticImage } from '@/components/ui/static-image';
import { getProject, type ProjectDetail } from '@/lib/content/projects';
import { getTestimonials } from '@/lib/content/testimonials';
import { Testimonials } from '@/components/site/testimonials';
import { placeOf } from '@/lib/content/place';
import { Link } from '@/lib/i18n/navigation';
import { localePath, projectPath } from '@/lib/pages';
import { detailMetadata, localizedUrl } from '@/lib/seo';

type Props = { params: Promise<{ locale: string; slug: string }> };

// Rendered on first request and kept like the other pages (revalidate in app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}

/** The project, or the 404 page; a former slug answers a permanent redirect to the current one. */
async function load(locale: string, slug: string): Promise<ProjectDetail> {
  const found = await getProject(locale, slug);
  if (found.kind === 'moved') permanentRedirect(localePath(locale, projectPath(found.slug)));
  if (found.kind === 'missing') notFound();
  return found.project;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  // The page itself answers a moved or missing project (one redirect, one 404), not its metadata.
  const found = await getProject(locale, slug);
  if (found.kind !== 'found') return {};
  const { project } = found;
  return detailMetadata(locale, 'projects', {
    path: projectPath(project.slug),
    name: project.name,
    seoTitle: project.seoTitle,
    // The one staff wrote, else the start of the text.
    description: project.seoDescription || project.description.join(' '),
    image: project.shareImage,
    imageAlt: project.gallery[0]?.alt || project.name,
    type: 'article',
  });
}

export default async function ProjectPage({ params }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const project = await load(locale, slug);
  const [t, testimonials] = await Promise.all([
    getTranslations('projects'),
    getTestimonials(locale, { kind: 'project', slug: project.slug }),
  ]);
  const place = placeOf(project);
  return (
    <article className="mx-auto max-w-6xl px-4 py-10" data-testid="project-page">
      <nav aria-label={t('breadcrumb')} className="mb-4 text-sm">
        <Link href={projectsHref({})} className="font-semibold underline">
          {t('allProjects')}
        </Link>
      </nav>
      <header className="mb-8 grid gap-6 md:grid-cols-[2fr_1fr] md:items-start">
        <div>
          <h1 className="text-3xl font-extrabold md:text-5xl" data-testid="project-name">
            {project.name}
          </h1>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-zinc-800 dark:text-zinc-200">
            {project.date && (
              <>
                <dt className="font-semibold">{t('date')}</dt>
                <dd>
                  <time dateTime={project.date}>{formatWhen(new Date(project.date), locale, 'longDay')}</time>
                </dd>
              </>
            )}
            {place && (
              <>
                <dt className="font-semibold">{t('place')}</dt>
                <dd data-testid="project-place">{place}</dd>
              </>
            )}
            <dt className="font-semibold">{t('client')}</dt>
            <dd>
              <Link href={projectsHref({ client: project.client.id })} className="underline" data-testid="project-client">
                {project.client.name}
              </Link>
            </dd>
            {project.services.length > 0 && (
              <>
                <dt className="font-semibold">{t('services')}</dt>
                <dd>
                  <ul className="flex flex-wrap gap-2">
                    {project.services.map((service) => (
                      <li key={service.id}>
                        <Link
                          href={projectsHref({ service: service.id })}
                          className="inline-block rounded-full px-3 py-1 text-sm ring-1 ring-zinc-300 hover:bg-zinc-100 dark:ring-zinc-700 dark:hover:bg-zinc-800"
                          data-testid="project-service"
                        >
                          {service.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            )}
          </dl>
        </div>
        {project.client.logo && (
          <Link
            href={projectsHref({ client: project.client.id })}
            className="justify-self-start rounded-xl bg-white p-3 shadow md:justify-self-end"
          >
            <ClientLogo
              src={project.client.logo}
              alt={t('clientProjects', { name: project.client.name })}
              className="h-16 w-auto object-contain"
            />
          </Link>
        )}
      </header>
      {project.image && (
        <div className="relative mb-10 aspect-[16/9] overflow-hidden rounded-2xl">
          <StaticImage src={project.image} alt="" fill priority sizes="(min-width: 1152px) 1120px, 100vw" className="object-cover" />
        </div>
      )}
      {project.description.length > 0 && (
        <div className="mb-10 max-w-3xl space-y-4 text-lg leading-relaxed" data-testid="project-description">
          {project.description.map((paragraph, i) => (
            // Paragraphs have no identity but their place.
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      )}
      <div className="mb-10">
        <ProjectGallery images={project.gallery} />
      </div>
      {project.videos.length > 0 && (
        <div className="mb-10">
          <VideoPosters
            videos={project.videos.map((video, i) => ({ ...video, title: t('videoTitle', { name: project.name, number: i + 1 }) }))}
          />
        </div>
      )}
      {(project.previous || project.next) && (
        <nav aria-label={t('moreProjects')} className="mb-10 flex flex-wrap justify-between gap-4" data-testid="project-neighbours">
          {project.previous ? (
            <Link href={projectPath(project.previous.slug)} rel="prev" className="btn-secondary">
              {t('previousProject', { name: project.previous.name })}
            </Link>
          ) : (
            <span />
          )}
          {project.next && (
            <Link href={projectPath(project.next.slug)} rel="next" className="btn-secondary">
              {t('nextProject', { name: project.next.name })}
            </Link>
          )}
        </nav>
      )}
      <Testimonials items={testimonials} linkProjects={false} className="mb-10" />
      {project.related.length > 0 && (
        <section aria-labelledby="related-heading" className="mb-10">
          <h2 id="related-heading" className="mb-6 text-2xl font-extrabold">
            {t('related')}
          </h2>
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-3" data-testid="related-projects">
            {project.related.map((related) => (
              <ProjectCard key={related.id} project={related} />
            ))}
          </ul>
        </section>
      )}
      <QuoteCta />
      <ProjectJsonLd project={project} url={localizedUrl(locale, projectPath(project.slug))} />
    </article>
  );
}
