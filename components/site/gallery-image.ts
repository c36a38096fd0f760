// What the gallery's server part (project-gallery.tsx) and its client leaf (gallery-lightbox.tsx)
// share. Not in the client file: on the server, a 'use client' module's values arrive as client
// references, not as the values themselves.

export interface GalleryImage {
  /** The uploaded image's own URL: the thumbnail links to it, and the lightbox shows it. */
  src: string;
  width: number;
  height: number;
  alt: string;
  caption?: string;
}

/** The lightbox finds the clicked link, and reads its position, by this attribute. */
export const GALLERY_INDEX_ATTRIBUTE = 'data-gallery-index';

/** Marks a thumbnail's link with its image's position: the lightbox opens that image on a click. */
export const galleryLinkProps = (index: number) => ({ [GALLERY_INDEX_ATTRIBUTE]: index });
