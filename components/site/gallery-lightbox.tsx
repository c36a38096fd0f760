'use client';

import { getImageProps } from 'next/image';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { GALLERY_INDEX_ATTRIBUTE, type GalleryImage } from './gallery-image';
import { RoundIconButton } from '@/components/ui/round-icon-button';

/** A horizontal move shorter than this is a tap or a wobble, not a swipe. */
export const SWIPE_MIN_PX = 50;

/**
 * The step an arrow key takes: the arrow pointing where the text runs is "next", so in Arabic
 * ArrowLeft moves forward (as in the hero slider). 0 for any other key.
 */
export function arrowStep(key: string, rtl: boolean): -1 | 0 | 1 {
  if (key === (rtl ? 'ArrowLeft' : 'ArrowRight')) return 1;
  if (key === (rtl ? 'ArrowRight' : 'ArrowLeft')) return -1;
  return 0;
}

/**
 * The step a swipe takes: pulling the image toward where the text starts brings the next one (a
 * leftward swipe in English, a rightward one in Arabic). 0 for a short or mostly vertical move,
 * which is left to the page (scrolling, pinching).
 */
export function swipeStep(dx: number, dy: number, rtl: boolean): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 !== rtl ? 1 : -1;
}

/**
 * The lightbox image's responsive props. It is shown whole (object-contain) below the top bar and
 * above the caption (about 8rem together): on a screen wider than the image's proportions its
 * height limits it, so `sizes` says so and a portrait photo is not fetched at the screen's width.
 * Wrong only towards a larger file, never a blurry one.
 */
function lightboxImageProps(image: GalleryImage) {
  const { width, height } = image;
  const known = Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0;
  const sizes = known ? `(min-aspect-ratio: ${width}/${height}) calc((100vh - 8rem) * ${(width / height).toFixed(3)}), 100vw` : '100vw';
  return getImageProps({ src: image.src, alt: image.alt, fill: true, sizes, loading: 'eager' }).props;
}

/**
 * Fetches an image the visitor is one step from, so the next arrow shows it at once. An Image
 * object picks the same srcset candidate as the lightbox will, without a <link rel="preload">
 * that the browser would warn about if the visitor never moves on.
 */
function prefetch(image: GalleryImage) {
  const props = lightboxImageProps(image);
  const img = new Image();
  if (props.sizes) img.sizes = props.sizes;
  if (props.srcSet) img.srcset = props.srcSet;
  img.src = props.src;
}

/**
 * The gallery's lightbox, around the server-rendered thumbnails (`children`). Each thumbnail is a
 * link to its full image, so before (or without) JavaScript a tap opens the image itself; once
 * this runs, a plain click on such a link opens the modal dialog instead. Only the open image is
 * rendered: the closed dialog is empty, whatever the number of images.
 */
export function GalleryLightbox({ images, children }: { images: GalleryImage[]; children: ReactNode }) {
  const t = useTranslations('projects');
  const rtl = useLocale() === 'ar';
  const [index, setIndex] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  // The link that opened the dialog gets focus back on close: Safari does not focus a clicked
  // link, so the dialog's own focus restoring would leave the visitor at the top of the page.
  const opener = useRef<HTMLElement | null>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const count = images.length;
  const image = index === null ? undefined : images[index];

  useEffect(() => {
    // Opened once the image is in the dialog, so showModal focuses its first button.
    if (index !== null && !dialog.current?.open) dialog.current?.showModal();
  }, [index]);

  useEffect(() => {
    if (index === null || count < 2) return;
    for (const neighbour of new Set([(index + 1) % count, (index - 1 + count) % count])) {
      const next = images[neighbour];
      if (next) prefetch(next);
    }
  }, [index, count, images]);

  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    // Ctrl-, Cmd-, Shift- and middle clicks keep the link's own meaning (a new tab or window).
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const link = (e.target as Element).closest<HTMLElement>(`[${GALLERY_INDEX_ATTRIBUTE}]`);
    if (!link || !e.currentTarget.contains(link)) return;
    const i = Number(link.getAttribute(GALLERY_INDEX_ATTRIBUTE));
    if (!Number.isInteger(i) || i < 0 || i >= count) return;
    e.preventDefault();
    opener.current = link;
    setIndex(i);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (index === null) return;
    const step = arrowStep(e.key, rtl);
    if (step) go(index + step);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(count - 1);
    else return; // Escape is the dialog's own: it closes it.
    e.preventDefault();
  };

  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const start = swipe.current;
    swipe.current = null;
    if (index === null || !start || start.id !== e.pointerId) return;
    const step = swipeStep(e.clientX - start.x, e.clientY - start.y, rtl);
    if (step) go(index + step);
  };

  return (
    <div onClick={onClick}>
      {children}
      <dialog
        ref={dialog}
        aria-label={t('gallery')}
        onClose={() => {
          setIndex(null);
          opener.current?.focus();
        }}
        onKeyDown={onKeyDown}
        data-testid="gallery-lightbox"
        className="m-0 size-full max-h-none max-w-none bg-zinc-950/95 p-0 text-white backdrop:bg-black/80"
      >
        {image && index !== null && (
          <div className="flex h-full flex-col">
            {/* The close button comes first: showModal focuses the first button in the dialog. */}
            <div className="flex items-center justify-between gap-4 px-4 py-2">
              <p aria-live="polite" aria-atomic="true" className="text-sm font-semibold tabular-nums" data-testid="gallery-position">
                {t('galleryPosition', { number: index + 1, total: count })}
              </p>
              <RoundIconButton
                className="size-11 bg-black/60 hover:bg-black/80"
                label={t('close')}
                onClick={() => dialog.current?.close()}
                testId="gallery-close"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </RoundIconButton>
            </div>
            <figure className="flex min-h-0 flex-1 flex-col">
              {/* Horizontal pans are the gallery's (a swipe); vertical pans and pinching stay the browser's. */}
              <div
                className="relative min-h-0 flex-1 touch-pan-y touch-pinch-zoom"
                onPointerDown={(e) => {
                  // Touch and pen only: a mouse has the arrows and the keys. A second finger is a
                  // pinch, not a swipe.
                  swipe.current = e.pointerType !== 'mouse' && e.isPrimary ? { id: e.pointerId, x: e.clientX, y: e.clientY } : null;
                }}
                onPointerUp={onPointerUp}
                onPointerCancel={() => {
                  swipe.current = null;
                }}
              >
                {/* next/image's props (srcset, sizes) on a plain <img>, as StaticImage does; keyed so a
                    slow next image never shows under the previous one's caption. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  key={image.src}
                  {...lightboxImageProps(image)}
                  alt={image.alt}
                  draggable={false}
                  className="object-contain"
                  data-testid="gallery-image"
                />
                {count > 1 && (
                  <>
                    <RoundIconButton
                      label={t('previous')}
                      onClick={() => go(index - 1)}
                      flip={!rtl}
                      className="absolute start-2 top-1/2 size-11 -translate-y-1/2 bg-black/60 hover:bg-black/80"
                    >
                      <path d="M9 6l6 6-6 6" />
                    </RoundIconButton>
                    <RoundIconButton
                      label={t('next')}
                      onClick={() => go(index + 1)}
                      flip={rtl}
                      className="absolute end-2 top-1/2 size-11 -translate-y-1/2 bg-black/60 hover:bg-black/80"
                    >
                      <path d="M9 6l6 6-6 6" />
                    </RoundIconButton>
                  </>
                )}
              </div>
              {image.caption && (
                <figcaption className="max-h-24 overflow-y-auto px-4 py-3 text-center text-sm leading-relaxed">{image.caption}</figcaption>
              )}
            </figure>
          </div>
        )}
      </dialog>
    </div>
  );
}
