import { z } from 'zod';
import {
  idList,
  lineList,
  money,
  optionalDate,
  optionalFlag,
  optionalOrder,
  optionalText,
  requiredId,
  requiredText,
  text,
} from '@/lib/entities/fields';
import { isSlug, slugify, SLUG_MAX } from '@/lib/slug';
import { parseVideoUrl, watchUrl } from '@/lib/video';

/** At most this many images in one project's gallery, and videos. */
export const GALLERY_MAX = 120;
export const VIDEOS_MAX = 10;

/** A stored file's name as the upload store makes them (lib/uploads/store.ts): nothing else is referred to. */
const STORED_FILE = /^[A-Za-z0-9_-]{8,80}\.(jpg|png|webp|avif|gif)$/;

const galleryImage = z.object({
  file: z.string().regex(STORED_FILE),
  width: z.number().int().positive().max(100_000),
  height: z.number().int().positive().max(100_000),
  altEn: optionalText(200),
  altAr: optionalText(200),
  captionEn: optionalText(300),
  captionAr: optionalText(300),
});

export type GalleryImage = z.output<typeof galleryImage>;

/** The gallery as the form sends it (JSON in one field) or as a list; in the order shown. */
const gallery = () =>
  z
    .union([z.string(), z.array(z.unknown())])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return [];
      if (Array.isArray(v)) return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'invalidGallery' });
        return z.NEVER;
      }
    })
    .pipe(z.array(galleryImage, { error: 'invalidGallery' }).max(GALLERY_MAX, { error: 'tooMany' }));

/** Typed as a slug or as words ("Expo Gala" -> "expo-gala"); blank: made from the English name. */
const slug = () =>
  text()
    .trim()
    .max(SLUG_MAX * 2, { error: 'tooLong' })
    .optional()
    .transform((v) => (v ? slugify(v) : ''))
    .refine((v) => v === '' || isSlug(v), { error: 'invalidSlug' });

export const eventSchema = z.object({
  nameEn: requiredText(200),
  nameAr: optionalText(200),
  slug: slug(),
  published: optionalFlag(true),
  featured: optionalFlag(false),
  featuredOrder: optionalOrder(),
  date: optionalDate(),
  cityEn: optionalText(100),
  cityAr: optionalText(100),
  locationEn: requiredText(200),
  locationAr: requiredText(200),
  descriptionEn: optionalText(5000, { multiline: true }),
  descriptionAr: optionalText(5000, { multiline: true }),
  cost: money(),
  clientId: requiredId(),
  serviceIds: idList(),
  videos: lineList({
    max: VIDEOS_MAX,
    error: 'invalidVideo',
    valid: (line) => parseVideoUrl(line) !== null,
    // Stored as the canonical watch address, whatever form was pasted.
    normalise: (line) => watchUrl(parseVideoUrl(line)!),
  }),
  gallery: gallery(),
  seoTitleEn: optionalText(70),
  seoTitleAr: optionalText(70),
  seoDescriptionEn: optionalText(200),
  seoDescriptionAr: optionalText(200),
});
