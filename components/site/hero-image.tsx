import { getImageProps } from 'next/image';
import { preloadImage } from '@/components/ui/static-image';

/** Viewports narrower than 2:3 (phones held upright) get the photo's portrait cut. */
const PORTRAIT_MEDIA = '(max-aspect-ratio: 2/3)';
const LANDSCAPE_MEDIA = 'not all and (max-aspect-ratio: 2/3)';

/**
 * A full-screen slide photo with art direction: on a phone held upright the hero is about twice
 * as tall as it is wide, so the landscape photo, covering it, was scaled up 2–3x by its height.
 * There the browser takes the portrait cut instead (`?crop=portrait`, made by the media route),
 * at the photo's full height. The first slide is the page's largest paint: each variant is
 * preloaded for the screens that will use it, so a screen fetches only one.
 */
export function HeroImage({ src, alt, priority = false }: { src: string; alt: string; priority?: boolean }) {
  const common = { alt, fill: true, sizes: '100vw', priority, fetchPriority: priority ? ('high' as const) : ('low' as const) };
  const { props: landscape } = getImageProps({ ...common, src });
  const { props: portrait } = getImageProps({ ...common, src: `${src}?crop=portrait` });
  if (priority) {
    preloadImage(portrait, PORTRAIT_MEDIA);
    preloadImage(landscape, LANDSCAPE_MEDIA);
  }
  return (
    <picture>
      <source media={PORTRAIT_MEDIA} srcSet={portrait.srcSet} sizes={portrait.sizes} />
      <img {...landscape} alt={landscape.alt} className="object-cover" />
    </picture>
  );
}
