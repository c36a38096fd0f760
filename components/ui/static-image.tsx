import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

/**
 * next/image's sizes, formats and lazy loading, rendered on the server as a plain `<img>`.
 * `<Image>` is a client component: each one is hydrated and runs hooks in the browser, which on
 * the home page alone was ~100 ms of main-thread work for images that never change once the
 * server has rendered them. Client components receive these as children instead.
 */
export function StaticImage(props: ImageProps) {
  // A prioritised image is the page's largest paint: fetch it ahead of everything else.
  const { props: img } = getImageProps({ fetchPriority: props.priority ? 'high' : undefined, ...props });
  if (props.priority) preloadImage(img);
  // next/image's documented getImageProps: the same srcset and loading, without a client component.
  // eslint-disable-next-line @next/next/no-img-element
  return <img {...img} alt={props.alt} />;
}

/**
 * The preload that `priority` gives <Image>, which getImageProps does not emit: the responsive
 * image at high priority, for the screens `media` matches (all when absent).
 */
export function preloadImage(img: ReturnType<typeof getImageProps>['props'], media?: string) {
  if (img.srcSet) preload(img.src, { as: 'image', imageSrcSet: img.srcSet, imageSizes: img.sizes, fetchPriority: 'high', media });
}
