import { z } from 'zod';
import { DEFAULT_RETENTION_DAYS, RETENTION_MAX_DAYS, RETENTION_MIN_DAYS } from '@/lib/activity/kinds';
import { normaliseWhatsapp, optionalText, optionalWords, text } from '@/lib/entities/fields';
import { figuresProblem } from './figures';
import { parseVideoUrl, watchUrl } from '@/lib/video';
import { bilingual } from '@/lib/entities/bilingual';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';

// The site settings' text fields (/Admin/Settings), checked on the server by saveSettings (and
// shared with nothing else: this is not a content entity with a list, it is one row). Messages are
// codes; the form turns them into words (admin.settings.errors, then validation).

/** The privacy notice's length limit, per language (a notice is longer than the About text). */
export const PRIVACY_MAX_LENGTH = 10_000;

/** At most this many addresses receive each quote request: a list, not a mailing list. */
export const MAX_RECIPIENTS = 10;

/**
 * Comma- (or semicolon-) separated addresses, stored normalised as "a@x.ae, b@y.ae"; blank means
 * the default (INQUIRY_EMAIL). Each one must be an address, duplicates are dropped.
 */
const recipients = () =>
  text()
    .optional()
    .transform((v) => v ?? '')
    .transform((v) => [
      ...new Set(
        v
          .split(/[,;]/)
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.every((address) => address.length <= 254 && z.email().safeParse(address).success), {
      error: 'invalidRecipients',
      abort: true,
    })
    .refine((list) => list.length <= MAX_RECIPIENTS, { error: 'tooManyRecipients' })
    .transform((list) => list.join(', '));

const whatsapp = () =>
  text()
    .trim()
    .max(40, { error: 'invalidWhatsapp', abort: true })
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || normaliseWhatsapp(v) !== null, { error: 'invalidWhatsapp' })
    .transform((v) => (v === '' ? '' : normaliseWhatsapp(v)!));

/** Days the activity log keeps an entry: whole days within the bounds; blank is the default. */
const retentionDays = () =>
  text()
    .trim()
    .optional()
    .transform((v) => v || String(DEFAULT_RETENTION_DAYS))
    .refine((v) => /^\d{1,5}$/.test(v), { error: 'invalidRetention', abort: true })
    .transform(Number)
    .refine((n) => n >= RETENTION_MIN_DAYS && n <= RETENTION_MAX_DAYS, { error: 'invalidRetention' });

/** Key figures: plain words, at most FIGURES_LIMITS.count lines of "number | words". */
const figures = () =>
  optionalWords(1000, { multiline: true }).superRefine((value, context) => {
    const problem = figuresProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The showreel: a YouTube or Vimeo address as pasted, stored as the video's canonical watch address. */
const showreel = () =>
  text()
    .trim()
    .max(500, { error: 'tooLong', abort: true })
    .optional()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || parseVideoUrl(v) !== null, { error: 'invalidVideo' })
    .transform((v) => (v === '' ? '' : watchUrl(parseVideoUrl(v)!)));

/** A bilingual setting: the same rule in both languages, not in the old API (its own form, components/admin/settings-form.tsx). */
const both = <N extends string, T extends z.ZodType>(pair: N, rule: T) => bilingual(pair, { en: rule, ar: rule, old: NOT_IN_OLD_API });

export const settingsSchema = z.object({
  ...both('companyName', optionalText(120)),
  ...both('about', optionalText(5000, { multiline: true })),
  ...both('tagline', optionalText(200)),
  ...both('titleSuffix', optionalText(80)),
  ...both('description', optionalText(300)),
  // The privacy notice (/Privacy): paragraphs separated by blank lines, like the About text.
  ...both('privacy', optionalText(PRIVACY_MAX_LENGTH, { multiline: true })),
  // The key figures on Home and About (issue 37): "number | words" a line (lib/settings/figures.ts).
  ...both('figures', figures()),
  // The showreel on Home (issue 37): one video for both languages.
  showreelUrl: showreel(),
  inquiryRecipients: recipients(),
  whatsapp: whatsapp(),
  activityRetentionDays: retentionDays(),
});

export type SettingsInput = z.output<typeof settingsSchema>;

/** The text fields, in the form's order. */
export const SETTINGS_TEXT_FIELDS = Object.keys(settingsSchema.shape) as (keyof SettingsInput)[];

/** The file fields: four images (re-encoded by sharp) and the portfolio PDF. */
export const SETTINGS_FILE_FIELDS = ['logo', 'socialImage', 'aboutImage', 'portfolio', 'showreelPoster'] as const;
export type SettingsFileField = (typeof SETTINGS_FILE_FIELDS)[number];

/**
 * Who must use two-factor sign-in (issue 26): no one (the default, so a fresh install signs in as
 * before), Admins, or everyone with access to the back office. Set on /Admin/Settings by its own
 * form; someone it covers who has not enrolled is sent to /Admin/Account until they do.
 */
export const TWO_FACTOR_POLICIES = ['none', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
export const twoFactorPolicySchema = z.object({ twoFactorPolicy: z.enum(TWO_FACTOR_POLICIES, { error: 'invalidChoice' }) });
