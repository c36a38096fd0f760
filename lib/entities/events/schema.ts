import { z } from 'zod';
import { bilingual } from '@/lib/entities/bilingual';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
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
  slugText,
} from '@/lib/entities/fields';
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

// In the form's order (lib/entities/define.ts: each field's form input and old name). The
// portfolio's fields (issue 25) are not in the old API.
export const eventSchema = z.object({
  ...bilingual('name', { en: requiredText(200), ar: optionalText(200), form: { kind: 'text' }, old: { en: 'name', ar: 'namear' } }),
  slug: slugText().meta({ form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  // Published unless told otherwise through /api (its old clients never send it); a new project in
  // the back office starts as a draft, published by ticking the box (issue 35).
  published: optionalFlag(true).meta({ form: { kind: 'checkbox', startsOff: true }, old: NOT_IN_OLD_API }),
  featured: optionalFlag(false).meta({ form: { kind: 'checkbox' }, old: NOT_IN_OLD_API }),
  featuredOrder: optionalOrder().meta({ form: { kind: 'number', hint: true }, old: NOT_IN_OLD_API }),
  date: optionalDate().meta({ form: { kind: 'date' }, old: 'date' }),
  cost: money().meta({ form: { kind: 'number' }, old: 'event_cost' }),
  clientId: requiredId().meta({ form: { kind: 'select', optionsFrom: 'clients' }, old: 'client_id' }),
  serviceIds: idList().meta({ form: { kind: 'multiselect', optionsFrom: 'services' }, old: NOT_IN_OLD_API }),
  ...bilingual('city', { en: optionalText(100), ar: optionalText(100), form: { kind: 'text' }, old: NOT_IN_OLD_API }),
  ...bilingual('location', {
    en: requiredText(200),
    ar: requiredText(200),
    form: { kind: 'text' },
    old: { en: 'location', ar: 'locationar' },
  }),
  ...bilingual('description', {
    en: optionalText(5000, { multiline: true }),
    ar: optionalText(5000, { multiline: true }),
    form: { kind: 'textarea' },
    old: { en: 'description', ar: 'descriptionar' },
  }),
  gallery: gallery().meta({ form: { kind: 'gallery' }, old: NOT_IN_OLD_API }),
  videos: lineList({
    max: VIDEOS_MAX,
    error: 'invalidVideo',
    valid: (line) => parseVideoUrl(line) !== null,
    // Stored as the canonical watch address, whatever form was pasted.
    normalise: (line) => watchUrl(parseVideoUrl(line)!),
  }).meta({ form: { kind: 'textarea', hint: true }, old: NOT_IN_OLD_API }),
  ...bilingual('seoTitle', { en: optionalText(70), ar: optionalText(70), form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  ...bilingual('seoDescription', {
    en: optionalText(200),
    ar: optionalText(200),
    form: { kind: 'textarea', hint: true },
    old: NOT_IN_OLD_API,
  }),
});
