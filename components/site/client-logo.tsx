import { StaticImage } from '@/components/ui/static-image';

/**
 * A client's logo, on Home in the logo carousel and on each project card. Both ask for the same
 * width whatever their box (at most 160 px wide in the carousel), so the browser downloads each
 * logo once: with its own `sizes` the card fetched a second, smaller copy of every logo.
 */
export function ClientLogo({ src, alt, className }: { src: string; alt: string; className: string }) {
  return <StaticImage src={src} alt={alt} width={200} height={100} sizes="160px" className={className} />;
}
