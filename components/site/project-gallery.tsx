import { getTranslations } from 'next-intl/server';
import { ScopedIntlProvider } from '@/components/ui/scoped-intl-provider';
import { StaticImage } from '@/components/ui/static-image';
import { GalleryLightbox } from './gallery-lightbox';
import { galleryLinkProps, type GalleryImage } from './gallery-image';

export type { GalleryImage };

/**
 * A thumbnail's box in CSS pixels, at most: a quarter of the 72rem column, less the gaps. Given as
 * a fixed width (not `sizes`), its srcset is one URL (the 640 px file covers 2x screens), not six:
 * with a hundred photos that is most of the page's HTML, twice (the markup and React's copy).
 */
const THUMBNAIL_PX = 320;

/**
 * A project's photos: a grid of square thumbnails (2, 3 then 4 columns), each a link to its full
 * image, rendered here on the server as plain `<img>`s (no hydration per photo). GalleryLightbox
 * turns those links into a lightbox once its script runs. The lightbox's words (the position, the
 * buttons) are formatted in the browser, so this gallery alone sends the `projects` messages
 * there: pages without a gallery do not carry them.
 */
export async function ProjectGallery({ images }: { images: GalleryImage[] }) {
  if (!images.length) return null;
  const t = await getTranslations('projects');
  const total = images.length;
  return (
    <section aria-labelledby="project-gallery-heading" data-testid="project-gallery">
      <h2 id="project-gallery-heading" className="mb-6 text-2xl font-extrabold">
        {t('gallery')}
      </h2>
      <ScopedIntlProvider namespaces={['projects']}>
        <GalleryLightbox images={images}>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-4">
            {images.map((image, i) => (
              // An image can be uploaded twice: its position is what identifies it.
              <li key={i}>
                <a
                  href={image.src}
                  {...galleryLinkProps(i)}
                  className="group block overflow-hidden rounded-lg bg-zinc-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:bg-zinc-800"
                  data-testid="gallery-thumbnail"
                >
                  {/* The link's name: its place in the gallery, then the photo's own alt text. */}
                  <span className="sr-only">{t('galleryOpen', { number: i + 1, total })}</span>
                  <StaticImage
                    src={image.src}
                    alt={image.alt}
                    width={THUMBNAIL_PX}
                    height={THUMBNAIL_PX}
                    // Below the project's header, photo and text on every screen: an eager
                    // thumbnail was preloaded by React and slowed the page's largest paint.
                    loading="lazy"
                    className="aspect-square h-auto w-full object-cover transition group-hover:scale-105 motion-reduce:transition-none"
                  />
                </a>
              </li>
            ))}
          </ul>
        </GalleryLightbox>
      </ScopedIntlProvider>
    </section>
  );
}
