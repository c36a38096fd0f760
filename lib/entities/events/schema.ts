import { z } from 'zod';
import { NOT_IN_OLD_API } from '@/lib/entities/define';
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

// In the form's order (lib/entities/define.ts: each field's form input and old name). The
// portfolio's fields (issue 25) are not in the old API.
export const eventSchema = z.object({
  nameEn: requiredText(200).meta({ form: { kind: 'text' }, old: 'name' }),
  nameAr: optionalText(200).meta({ form: { kind: 'text', rtl: true }, old: 'namear' }),
  slug: slug().meta({ form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  // Published unless told otherwise through /api (its old clients never send it); a new project in
  // the back office starts as a draft, published by ticking the box (issue 35).
  published: optionalFlag(true).meta({ form: { kind: 'checkbox', startsOff: true }, old: NOT_IN_OLD_API }),
  featured: optionalFlag(false).meta({ form: { kind: 'checkbox' }, old: NOT_IN_OLD_API }),
  featuredOrder: optionalOrder().meta({ form: { kind: 'number', hint: true }, old: NOT_IN_OLD_API }),
  date: optionalDate().meta({ form: { kind: 'date' }, old: 'date' }),
  cost: money().meta({ form: { kind: 'number' }, old: 'event_cost' }),
  clientId: requiredId().meta({ form: { kind: 'select', optionsFrom: 'clients' }, old: 'client_id' }),
  serviceIds: idList().meta({ form: { kind: 'multiselect', optionsFrom: 'services' }, old: NOT_IN_OLD_API }),
  cityEn: optionalText(100).meta({ form: { kind: 'text' }, old: NOT_IN_OLD_API }),
  cityAr: optionalText(100).meta({ form: { kind: 'text', rtl: true }, old: NOT_IN_OLD_API }),
  locationEn: requiredText(200).meta({ form: { kind: 'text' }, old: 'location' }),
  locationAr: requiredText(200).meta({ form: { kind: 'text', rtl: true }, old: 'locationar' }),
  descriptionEn: optionalText(5000, { multiline: true }).meta({ form: { kind: 'textarea' }, old: 'description' }),
  descriptionAr: optionalText(5000, { multiline: true }).meta({ form: { kind: 'textarea', rtl: true }, old: 'descriptionar' }),
  gallery: gallery().meta({ form: { kind: 'gallery' }, old: NOT_IN_OLD_API }),
  videos: lineList({
    max: VIDEOS_MAX,
    error: 'invalidVideo',
    valid: (line) => parseVideoUrl(line) !== null,
    // Stored as the canonical watch address, whatever form was pasted.
    normalise: (line) => watchUrl(parseVideoUrl(line)!),
  }).meta({ form: { kind: 'textarea', hint: true }, old: NOT_IN_OLD_API }),
  seoTitleEn: optionalText(70).meta({ form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  seoTitleAr: optionalText(70).meta({ form: { kind: 'text', rtl: true }, old: NOT_IN_OLD_API }),
  seoDescriptionEn: optionalText(200).meta({ form: { kind: 'textarea', hint: true }, old: NOT_IN_OLD_API }),
  seoDescriptionAr: optionalText(200).meta({ form: { kind: 'textarea', rtl: true }, old: NOT_IN_OLD_API }),
});
