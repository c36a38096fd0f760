import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientCarousel } from '@/components/site/client-carousel';
import { ClientLogo } from '@/components/site/client-logo';
import { EventsGrid } from '@/components/site/events-grid';
import { HeroImage } from '@/components/site/hero-image';
import { HeroSlider } from '@/components/site/hero-slider';
import { OrganizationJsonLd } from '@/components/site/json-ld';
import { QuoteCta } from '@/components/site/quote-cta';
import { TimedOverlay } from '@/components/ui/timed-overlay';
import { getClients, getContacts, getSlides, type ClientView } from '@/lib/content/public';
import { getHomeProjects } from '@/lib/content/projects';
import { pageMetadata } from '@/lib/seo';
import { getBrand } from '@/lib/settings/brand';
import { KeyFigures } from '@/components/site/key-figures';
import { Testimonials } from '@/components/site/testimonials';
import { Showreel } from '@/components/site/showreel';
import { getTestimonials } from '@/lib/content/testimonials';
import { Certifications } from '@/components/site/certifications';
import { getCertifications } from '@/lib/content/certifications';
import { TIMINGS } from '@/lib/timings';

type Props = { params: Promise<{ locale: string }> };

/** One logo of the carousel's list (keyed: the list travels to the client component as a prop). */
function clientLogo(client: ClientView, alt: string) {
  if (!client.logo)
    return (
      <span key={client.id} className="font-bold text-zinc-800">
        {client.name}
      </span>
    );
  return <ClientLogo key={client.id} src={client.logo} alt={alt} className="max-h-20 w-auto object-contain" />;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return pageMetadata((await params).locale, 'home');
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, common, meta, brand, slides, clients, events, contacts, testimonials, certifications] = await Promise.all([
    getTranslations('home'),
    getTranslations('common'),
    getTranslations('meta'),
    getBrand(locale),
    getSlides(locale),
    getClients(locale),
    getHomeProjects(locale),
    getContacts(locale),
    getTestimonials(locale, { kind: 'home' }),
    getCertifications(locale),
  ]);
  return (
    <>
      <TimedOverlay ms={TIMINGS.homeSpinnerMs} label={t('loading')} />
      <HeroSlider
        ids={slides.map((slide) => slide.id)}
        images={slides.map((slide, i) => (
          <HeroImage key={slide.id} src={slide.image} alt={t('slideAlt', { number: i + 1 })} priority={i === 0} />
        ))}
      >
        <h1 className="text-4xl font-extrabold tracking-tight drop-shadow md:text-6xl">{brand.name}</h1>
        <p className="mt-4 text-lg font-semibold text-brand drop-shadow md:text-2xl" data-testid="hero-tagline">
          {brand.tagline ?? t('tagline')}
        </p>
      </HeroSlider>
      <KeyFigures figures={brand.figures} className="mx-auto max-w-7xl px-4 pt-14" />
      <section aria-labelledby="clients-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="clients-heading" className="mb-8 text-center text-3xl font-extrabold">
          {t('ourClients')}
        </h2>
        <ClientCarousel
          ids={clients.map((client) => client.id)}
          logos={clients.map((client) => clientLogo(client, common('clientLogo', { name: client.name })))}
        />
      </section>
      <section aria-labelledby="projects-heading" className="mx-auto max-w-7xl px-4 pb-16">
        <h2 id="projects-heading" className="mb-8 text-center text-3xl font-extrabold">
          {t('ourProjects')}
        </h2>
        <EventsGrid events={events} />
      </section>
      <Showreel showreel={brand.showreel} company={brand.name} className="mx-auto max-w-7xl px-4 pb-16" />
      <Testimonials items={testimonials} className="mx-auto max-w-7xl px-4 pb-16" />
      <Certifications items={certifications} locale={locale} className="mx-auto max-w-7xl px-4 pb-16" />
      <QuoteCta className="mx-auto max-w-7xl px-4 pb-16" />
      <OrganizationJsonLd
        name={brand.name}
        description={brand.description ?? meta('siteDescription')}
        logo={brand.logo}
        image={brand.socialImage}
        contact={contacts[0]}
      />
    </>
  );
}
