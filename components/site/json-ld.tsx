import { config } from '@/lib/config';
import type { ContactView } from '@/lib/content/public';
import type { ProjectDetail } from '@/lib/content/projects';
import type { ServiceDetail } from '@/lib/content/services';
import { parseLatLng } from '@/lib/entities/fields';

/** Organization / LocalBusiness structured data for search engines. */
export function OrganizationJsonLd({
  name,
  description,
  logo,
  image,
  contact,
}: {
  name: string;
  description: string;
  /** The settings' logo and social image (site paths), or null for the demo brand's. */
  logo: string | null;
  image: string | null;
  contact?: ContactView;
}) {
  const data = {
    '@context': 'https://schema.org',
    '@type': ['Organization', 'LocalBusiness'],
    name,
    description,
    url: config.siteUrl,
    logo: `${config.siteUrl}${logo ?? '/brand/logo.png'}`,
    image: `${config.siteUrl}${image ?? '/brand/og.jpg'}`,
    foundingDate: '2008',
    ...(contact?.phone ? { telephone: contact.phone } : {}),
    ...(contact?.email ? { email: contact.email } : {}),
    sameAs: contact?.links.map((l) => l.url) ?? [],
    address: { '@type': 'PostalAddress', addressLocality: 'Dubai', addressCountry: 'AE' },
    areaServed: ['Dubai', 'Abu Dhabi', 'Sharjah', 'United Arab Emirates'],
  };
  return <JsonLd data={data} />;
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ', ');

/**
 * One office as a LocalBusiness (the contact page has one per office), in the page's language.
 * Opening hours are the staff's own words, one value per line (schema.org's strict "Mo-Fr 09:00-18:00"
 * form is not something staff can be asked to type); geo only when the map location is "lat,lng".
 */
export function OfficeJsonLd({ name, url, office }: { name: string; url: string; office: ContactView }) {
  const geo = parseLatLng(office.mapPlace);
  const hours = office.hours
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#office-${office.id}`,
    name,
    url,
    ...(office.phone ? { telephone: office.phone } : {}),
    ...(office.email ? { email: office.email } : {}),
    ...(office.address ? { address: { '@type': 'PostalAddress', streetAddress: oneLine(office.address), addressCountry: 'AE' } } : {}),
    ...(hours.length ? { openingHours: hours } : {}),
    ...(geo ? { geo: { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude } } : {}),
  };
  return <JsonLd data={data} />;
}

/**
 * A project as a schema.org Event (past events are still events): its date, its place, its images,
 * and the client as organizer. Absolute URLs, as search engines require.
 */
export function ProjectJsonLd({ project, url }: { project: ProjectDetail; url: string }) {
  const images = [project.image, ...project.gallery.map((image) => image.src)].filter((src): src is string => Boolean(src)).slice(0, 10);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    '@id': `${url}#project`,
    name: project.name,
    url,
    ...(project.date ? { startDate: project.date } : {}),
    ...(project.description.length ? { description: project.description.join('\n\n') } : {}),
    image: images.map((src) => `${config.siteUrl}${src}`),
    location: {
      '@type': 'Place',
      name: project.location,
      address: { '@type': 'PostalAddress', ...(project.city ? { addressLocality: project.city } : {}), addressCountry: 'AE' },
    },
    organizer: {
      '@type': 'Organization',
      name: project.client.name,
      ...(project.client.logo ? { logo: `${config.siteUrl}${project.client.logo}` } : {}),
    },
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
  };
  return <JsonLd data={data} />;
}

/**
 * A service page (issue 37): the Service offered by the company in the UAE, and its questions as
 * an FAQPage when it has any. Texts are the plain fields (the description, the FAQ), never the
 * rendered Markdown.
 */
export function ServiceJsonLd({ service, url, provider }: { service: ServiceDetail; url: string; provider: string }) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url,
    ...(service.image ? { image: `${config.siteUrl}${service.image}` } : {}),
    provider: { '@type': 'Organization', name: provider, url: config.siteUrl },
    areaServed: { '@type': 'Country', name: 'United Arab Emirates' },
  };
  return (
    <>
      <JsonLd data={data} />
      {service.faq.length > 0 && (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            '@id': `${url}#faq`,
            mainEntity: service.faq.map((pair) => ({
              '@type': 'Question',
              name: pair.question,
              acceptedAnswer: { '@type': 'Answer', text: pair.answer },
            })),
          }}
        />
      )}
    </>
  );
}

function JsonLd({ data }: { data: object }) {
  // `<` is escaped so a value can never close the script element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
