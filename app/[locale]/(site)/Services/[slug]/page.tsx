import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ServiceJsonLd } from '@/components/site/json-ld';
import { projectsHref } from '@/components/site/pagination';
import { ProjectCard } from '@/components/site/project-card';
import { QuoteSection } from '@/components/site/quote-section';
import { StaticImage } from '@/components/ui/static-image';
import { getProjectPage, NO_FILTER } from '@/lib/content/projects';
import { getService, type ServiceDetail } from '@/lib/content/services';
import { getTestimonials } from '@/lib/content/testimonials';
import { Testimonials } from '@/components/site/testimonials';
import { Link } from '@/lib/i18n/navigation';
import { QUOTE_ANCHOR } from '@/lib/inquiries/constants';
import { localePath, pagePath, servicePath } from '@/lib/pages';
import { getBrand } from '@/lib/settings/brand';
import { detailMetadata, localizedUrl } from '@/lib/seo';

type Props = { params: Promise<{ locale: string; slug: string }> };

// Rendered on first request and kept like the other pages (revalidate in app/[locale]/layout.tsx).
export function generateStaticParams() {
  return [];
}

/** The service, or the 404 page; a former slug answers a permanent redirect (308) to the current one. */
async function load(locale: string, slug: string): Promise<ServiceDetail> {
  const found = await getService(locale, slug);
  if (found.kind === 'moved') permanentRedirect(localePath(locale, servicePath(found.slug)));
  if (found.kind === 'missing') notFound();
  return found.service;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  const found = await getService(locale, slug);
  if (found.kind !== 'found') return {};
  const { service } = found;
  return detailMetadata(locale, 'services', {
    path: servicePath(service.slug),
    name: service.title,
    seoTitle: service.seoTitle,
    description: service.seoDescription || service.description,
    image: service.shareImage,
    imageAlt: service.title,
    type: 'website',
  });
}

export default async function ServicePage({ params }: Props) {
  const { locale, slug } = await params;
  setRequestLocale(locale);
  const service = await load(locale, slug);
  // One page of its projects, newest first, whatever their number; the rest are /Projects?service=.
  const [t, projects, brand, testimonials] = await Promise.all([
    getTranslations('services'),
    getProjectPage(locale, { ...NO_FILTER, service: service.id }),
    getBrand(locale),
    getTestimonials(locale, { kind: 'service', id: service.id }),
  ]);
  const allProjects = projectsHref({ service: service.id, page: projects.pages > 1 ? 2 : 1 });
  return (
    <article className="mx-auto max-w-6xl px-4 py-10" data-testid="service-page">
      <nav aria-label={t('breadcrumb')} className="mb-4 text-sm">
        <Link href={pagePath('services')} className="font-semibold underline">
          {t('allServices')}
        </Link>
      </nav>
      <header className="mb-8 grid gap-6 md:grid-cols-[3fr_2fr] md:items-center">
        <div>
          <h1 className="text-3xl font-extrabold wrap-anywhere md:text-5xl" data-testid="service-title">
            {service.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-zinc-800 dark:text-zinc-200">{service.description}</p>
          <a href={`#${QUOTE_ANCHOR}`} className="btn-primary mt-6 inline-block" data-testid="service-quote">
            {t('requestQuote')}
          </a>
        </div>
        {service.image && (
          <div className="relative aspect-[4/3] overflow-hidden rounded-2xl">
            <StaticImage src={service.image} alt="" fill priority sizes="(min-width: 768px) 40vw, 100vw" className="object-cover" />
          </div>
        )}
      </header>
      {service.bodyHtml && (
        // Rendered from Markdown on the server and sanitised to a short list of elements (lib/content/rich-text.ts).
        <div className="rich-text mb-12 max-w-3xl" data-testid="service-body" dangerouslySetInnerHTML={{ __html: service.bodyHtml }} />
      )}
      <section aria-labelledby="service-projects-heading" className="below-fold mb-12">
        <h2 id="service-projects-heading" className="mb-2 text-2xl font-extrabold">
          {t('projectsHeading', { service: service.title })}
        </h2>
        <p className="mb-6 text-zinc-700 dark:text-zinc-300" data-testid="service-projects-count">
          {t('projectsCount', { count: projects.total })}
        </p>
        {projects.cards.length > 0 && (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="service-projects">
            {projects.cards.map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </ul>
        )}
        {projects.pages > 1 && (
          <p className="mt-6">
            <Link href={allProjects} className="btn-secondary" data-testid="service-more-projects">
              {t('moreProjects', { count: projects.total - projects.cards.length })}
            </Link>
          </p>
        )}
      </section>
      <Testimonials items={testimonials} className="below-fold mb-12" />
      {service.faq.length > 0 && (
        <section aria-labelledby="service-faq-heading" className="below-fold mb-12 max-w-3xl">
          <h2 id="service-faq-heading" className="mb-4 text-2xl font-extrabold">
            {t('faqHeading')}
          </h2>
          {/* Open and close without scripts; every answer is in the page for readers and search engines. */}
          <div
            className="divide-y divide-zinc-300 rounded-2xl ring-1 ring-zinc-300 dark:divide-zinc-700 dark:ring-zinc-700"
            data-testid="service-faq"
          >
            {service.faq.map((pair, i) => (
              // A pair has no identity but its place.
              <details key={i} className="group p-4" open={i === 0}>
                <summary className="cursor-pointer font-semibold">{pair.question}</summary>
                <p className="mt-2 leading-relaxed text-zinc-700 dark:text-zinc-300">{pair.answer}</p>
              </details>
            ))}
          </div>
        </section>
      )}
      <QuoteSection locale={locale} ticked={service.quoteValue} />
      <ServiceJsonLd service={service} url={localizedUrl(locale, servicePath(service.slug))} provider={brand.name} />
    </article>
  );
}
