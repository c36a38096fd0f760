import { StaticImage } from '@/components/ui/static-image';

/**
 * A client's logo, on Home in the logo carousel and on each project card. Both ask for the same
 * image whatever their box (at most 160 px wide in the carousel), so the browser downloads each
 * logo once: with their own `sizes` the card fetched a second, smaller copy of every logo. A
 * fixed width gives a 1x/2x srcset, two URLs per logo instead of six: Home shows 21 logos, and
 * its HTML has to fit the first round trip.
 */
export function ClientLogo({ src, alt, className }: { src: string; alt: string; className: string }) {
  return <StaticImage src={src} alt={alt} width={160} height={80} className={className} />;
}
