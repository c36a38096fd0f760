import { z } from 'zod';
import { bilingual } from '@/lib/entities/bilingual';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { idList, optionalWords, requiredId, requiredWords, text } from '@/lib/entities/fields';
import { isSlug, slugify, SLUG_MAX } from '@/lib/slug';

/** A testimonial's quote, per language: a few sentences, as a client would say them. */
export const QUOTE_MAX = 600;

/**
 * The project a testimonial is about, by its page address: the slug, or the whole address pasted
 * from the browser (`https://…/Projects/expo-gala?x` → `expo-gala`). A text field, not a select:
 * a thousand projects make no usable list. Whether a project has it is the server's check.
 */
export const projectRef = () =>
  text()
    .trim()
    .max(SLUG_MAX * 4, { error: 'tooLong' })
    .optional()
    .transform((v) => {
      const typed = v ?? '';
      const path = /\/Projects\/([^/?#\s]+)/i.exec(typed)?.[1] ?? typed;
      return path ? slugify(path) : '';
    })
    .refine((v) => v === '' || isSlug(v), { error: 'invalidSlug' });

// In the form's order (lib/entities/define.ts: each field's form input and old name). Not in the
// old API: the old client never had testimonials. Every text reaches a page, so none takes markup.
export const testimonialSchema = z.object({
  ...bilingual('quote', {
    en: requiredWords(QUOTE_MAX, { multiline: true }),
    ar: requiredWords(QUOTE_MAX, { multiline: true }),
    form: { kind: 'textarea' },
    old: NOT_IN_OLD_API,
  }),
  ...bilingual('person', { en: requiredWords(120), ar: optionalWords(120), form: { kind: 'text' }, old: NOT_IN_OLD_API }),
  ...bilingual('role', { en: optionalWords(120), ar: optionalWords(120), form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  clientId: requiredId().meta({ form: { kind: 'select', optionsFrom: 'clients' }, old: NOT_IN_OLD_API }),
  projectSlug: projectRef().meta({ form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  serviceIds: idList().meta({ form: { kind: 'multiselect', optionsFrom: 'services' }, old: NOT_IN_OLD_API }),
});
