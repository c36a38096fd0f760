import { z } from 'zod';
import { faqProblem } from './faq';
import { bilingual } from '@/lib/entities/bilingual';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { optionalWords, requiredText, slugText } from '@/lib/entities/fields';

/** The service page's Markdown text, per language. */
export const SERVICE_BODY_MAX = 20_000;

const faq = () =>
  optionalWords(8000, { multiline: true }).superRefine((v, ctx) => {
    const problem = faqProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

// In the form's order (lib/entities/define.ts: each field's form input and old name). The service
// page's fields (issue 37) are not in the old API, which keeps its title, description and image.
export const serviceSchema = z.object({
  ...bilingual('title', { en: requiredText(200), ar: requiredText(200), form: { kind: 'text' }, old: { en: 'titel', ar: 'titelar' } }),
  slug: slugText().meta({ form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  ...bilingual('description', {
    en: requiredText(5000, { multiline: true }),
    ar: requiredText(5000, { multiline: true }),
    form: { kind: 'textarea' },
    old: { en: 'dec', ar: 'decar' },
  }),
  ...bilingual('body', {
    en: optionalWords(SERVICE_BODY_MAX, { multiline: true }),
    ar: optionalWords(SERVICE_BODY_MAX, { multiline: true }),
    form: { kind: 'textarea', hint: true },
    old: NOT_IN_OLD_API,
  }),
  ...bilingual('faq', { en: faq(), ar: faq(), form: { kind: 'textarea', hint: true }, old: NOT_IN_OLD_API }),
  ...bilingual('seoTitle', { en: optionalWords(70), ar: optionalWords(70), form: { kind: 'text', hint: true }, old: NOT_IN_OLD_API }),
  ...bilingual('seoDescription', {
    en: optionalWords(200),
    ar: optionalWords(200),
    form: { kind: 'textarea', hint: true },
    old: NOT_IN_OLD_API,
  }),
});
