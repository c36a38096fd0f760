import { getLocale } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import { getBrand } from '@/lib/settings/brand';

/**
 * The company's logo: the one uploaded in /Admin/Settings, else the company name set there, else
 * the demo brand's drawing. Always in the same box (`box`), so nothing moves when a logo loads or
 * changes. Decorative: every link around it carries the name.
 */
export async function Logo({
  className = 'h-9 w-auto',
  box = 'h-9 w-36',
  center = false,
}: {
  className?: string;
  box?: string;
  center?: boolean;
}) {
  const brand = await getBrand(await getLocale());
  if (brand.logo) {
    return (
      <span className={`relative block shrink-0 ${box}`}>
        <StaticImage
          src={brand.logo}
          alt=""
          fill
          sizes="192px"
          className={`object-contain ${center ? 'object-center' : 'object-left rtl:object-right'}`}
          data-testid="site-logo"
        />
      </span>
    );
  }
  if (brand.custom) {
    return (
      <span
        className={`block truncate text-xl leading-9 font-extrabold ${center ? 'text-center' : ''} ${box}`}
        data-testid="site-logo-name"
      >
        {brand.name}
      </span>
    );
  }
  return (
    <svg viewBox="0 0 150 40" className={className} aria-hidden="true" direction="ltr">
      <path d="M20 3l4.4 9 9.9 1.4-7.2 7 1.7 9.8L20 25.6l-8.8 4.6 1.7-9.8-7.2-7 9.9-1.4z" fill="#d4a017" />
      <text x="40" y="27" fontSize="20" fontWeight="800" fill="currentColor" fontFamily="var(--font-cairo-latin), sans-serif">
        {'7Stars '}
      </text>
      <text x="106" y="27" fontSize="12" fontWeight="600" fill="#d4a017" fontFamily="var(--font-cairo-latin), sans-serif">
        EVENT
      </text>
    </svg>
  );
}
