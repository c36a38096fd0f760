import { config } from '@/lib/config';
import type { ContactView } from '@/lib/content/public';

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
  // `<` is escaped so a value can never close the script element.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
