'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { saveSettings } from '@/lib/settings/actions';
import { scriptedForm } from '@/lib/http/scripted-form';
import { type ActionResult } from '@/lib/admin/action-kit';
import { runtimeKey } from '@/lib/i18n/keys';
import { useRouter } from '@/lib/i18n/navigation';
import { MAX_PORTFOLIO_BYTES, PORTFOLIO_PATH } from '@/lib/settings/paths';
import type { DefaultedField } from '@/lib/settings/defaults';
import { SETTINGS_TEXT_FIELDS, type SettingsFileField, type SettingsInput } from '@/lib/settings/schema';
import type { FormField } from '@/lib/admin/areas';
import { VERSION_FIELD } from '@/lib/entities/version';
import { TIMINGS } from '@/lib/timings';
import { ImageInput, type ImageLimits } from './image-input';
import { PdfInput } from './pdf-input';
import { useUnsavedChanges } from './unsaved-changes';
import { useVersionedValues, VersionConflict } from './version-conflict';
import { typedValues } from '@/lib/admin/conflict';
import { columnOf, LANGUAGES } from '@/lib/entities/bilingual';

// One toast per form: a new outcome replaces the last one instead of stacking under it.
const TOAST_ID = 'settings-form';

type TextField = keyof SettingsInput;

/** The text fields, as the version conflict's helpers read a form (lib/admin/conflict.ts). */
const VERSIONED_FIELDS: FormField[] = SETTINGS_TEXT_FIELDS.map((name) => ({ name, kind: 'text', required: false }));

interface FieldDef {
  name: TextField;
  multiline?: boolean;
  /** Left to right (addresses, numbers, the English texts) or right to left (the Arabic ones). */
  dir?: 'ltr' | 'rtl';
  type?: 'text' | 'tel' | 'number';
  /** A multi-line field's height in lines (3 unless set). */
  rows?: number;
}

/** The settings' bilingual pairs, as the schema declares them (`<pair>En` with its `<pair>Ar`). */
type SettingsPair = { [K in TextField]: K extends `${infer P}En` ? (`${P}Ar` extends TextField ? P : never) : never }[TextField];

/** A bilingual setting (lib/settings/schema.ts): its two fields, English then Arabic, each in its direction. */
const pair = (name: SettingsPair, field: Omit<FieldDef, 'name' | 'dir'> = {}) =>
  LANGUAGES.map((language): FieldDef => ({ name: columnOf(name, language), ...field, dir: language === 'ar' ? 'rtl' : 'ltr' }));

const SECTIONS: { key: 'brand' | 'texts' | 'seo' | 'contact' | 'privacy' | 'activity'; fields: (FieldDef | SettingsFileField)[] }[] = [
  { key: 'brand', fields: [...pair('companyName'), 'logo'] },
  {
    key: 'texts',
    fields: [
      ...pair('tagline'),
      ...pair('about', { multiline: true, rows: 8 }),
      ...pair('figures', { multiline: true, rows: 5 }),
      'aboutImage',
      'portfolio',
      // Home's showreel (issue 37): its video and the picture shown until play is pressed.
      { name: 'showreelUrl', dir: 'ltr' },
      'showreelPoster',
    ],
  },
  { key: 'seo', fields: [...pair('titleSuffix'), ...pair('description', { multiline: true }), 'socialImage'] },
  {
    key: 'contact',
    fields: [
      { name: 'inquiryRecipients', dir: 'ltr' },
      { name: 'whatsapp', dir: 'ltr', type: 'tel' },
    ],
  },
  // The notice the quote form's consent line links to (/Privacy, issue 27).
  { key: 'privacy', fields: pair('privacy', { multiline: true, rows: 12 }) },
  { key: 'activity', fields: [{ name: 'activityRetentionDays', dir: 'ltr', type: 'number' }] },
];

const ORDER = SECTIONS.flatMap((section) => section.fields.map((field) => (typeof field === 'string' ? field : field.name)));

/**
 * The site settings form (/Admin/Settings). Saved as one server action (lib/settings/actions.ts
 * saveSettings), which validates everything again; errors come back as codes under each field.
 */
export function SettingsForm({
  initial,
  defaults,
  files,
  defaultImages,
  imageLimits,
  version: readVersion,
  saved = false,
}: {
  initial: Record<TextField, string>;
  /** Just saved by a post without scripts (`?saved=1`; the scripted form says it in a toast). */
  saved?: boolean;
  /** The version `initial` was read at; the save carries it (lib/entities/version.ts). */
  version: string;
  /** What the site shows for a field while nothing is saved (lib/settings/defaults.ts). */
  defaults: Record<DefaultedField, string>;
  /** The current files' URLs (null: the demo brand's is used). */
  files: Record<SettingsFileField, string | null>;
  /** The demo brand's pictures, shown (marked "Default") while no file is saved. */
  defaultImages: Record<Exclude<SettingsFileField, 'portfolio'>, string>;
  /**
   * From the server, which reads the settings (lib/config.ts): each image field states them and
   * checks a picked file's size. `bytes` (MAX_UPLOAD_BYTES) is also what one save's files may add
   * up to: a server action carries that much of files plus room for the fields
   * (lib/http/upload-limits).
   */
  imageLimits: ImageLimits;
}) {
  const t = useTranslations('admin.settings');
  const ta = useTranslations('admin');
  const tv = useTranslations('validation');
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const locale = useLocale();
  // Without scripts the browser posts the form to the same action: a refusal comes back as this state.
  const [plain, plainAction] = useActionState(saveSettings, null);
  const refusedPlain = plain && !plain.ok ? plain : null;
  const [errors, setErrors] = useState<Record<string, string[]>>(refusedPlain?.fieldErrors ?? {});
  const [busy, setBusy] = useState(false);
  // A save refused over a newer version shows the newer values and what differs (version-conflict.tsx).
  const versioned = useVersionedValues(
    VERSIONED_FIELDS,
    refusedPlain?.values ? { ...initial, ...refusedPlain.values } : initial,
    readVersion,
  );
  // Leaving with a change asks first; the texts typed are kept in the tab as a draft.
  const unsaved = useUnsavedChanges(form, {
    draft: { key: 'settings', read: (data) => typedValues(VERSIONED_FIELDS, data), restore: versioned.restore },
    pending: versioned.conflict !== null,
  });

  const message = (code: string) => {
    const own = runtimeKey(`errors.${code}`);
    if (t.has(own)) return t(own);
    return tv.has(runtimeKey(code)) ? tv(runtimeKey(code)) : code;
  };
  const errorOf = (field: string) => errors[field]?.map(message).join(' ');

  /** The first field with an error, focused and brought to the middle of the screen with its message under it. */
  function focusFirstError(found: Record<string, string[]>) {
    const first = ORDER.find((name) => found[name]);
    const field = first && document.getElementById(`field-${first}`);
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    // Checked here too, so a large file is refused before it is sent.
    const found: Record<string, string[]> = {};
    const pdf = data.get('portfolio');
    if (pdf instanceof File && pdf.size > MAX_PORTFOLIO_BYTES) found.portfolio = ['pdfTooLarge'];
    const total = [...data.values()].reduce((sum, value) => sum + (value instanceof File ? value.size : 0), 0);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(found);
      return;
    }
    if (total > imageLimits.bytes) {
      toast.error(t('tooLargeTogether'), { id: TOAST_ID, duration: TIMINGS.errorToastMs });
      return;
    }
    setBusy(true);
    const result = await saveSettings(null, scriptedForm(data)).catch((): ActionResult => ({ ok: false, error: 'server' }));
    setBusy(false);
    if (!result.ok && result.conflict) {
      versioned.refused(data, result.conflict);
      setErrors({});
      toast.error(ta('conflict.toast'), { id: TOAST_ID, duration: TIMINGS.errorToastMs });
      return;
    }
    if (result.ok) {
      unsaved.saved();
      toast.success(t('saved'), { id: TOAST_ID, duration: TIMINGS.successToastMs });
      // The new files' previews and the menu's logo come from the server.
      form.current?.reset();
      router.refresh();
      return;
    }
    setErrors(result.fieldErrors ?? {});
    focusFirstError(result.fieldErrors ?? {});
    toast.error(t('saveFailed'), { id: TOAST_ID, duration: TIMINGS.errorToastMs });
  }

  function field(def: FieldDef | SettingsFileField): ReactNode {
    if (def === 'portfolio') return <PortfolioInput key={def} current={files.portfolio} error={errorOf('portfolio')} />;
    if (typeof def === 'string') {
      // The picture in force: the uploaded one, else the demo brand's, marked as the default.
      const live = files[def] ?? defaultImages[def];
      return (
        <div key={def} data-testid={`setting-${def}`}>
          <ImageInput name={def} label={t(`fields.${def}`)} current={live} error={errorOf(def)} limits={imageLimits} />
          <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{t(`hints.${def}`)}</p>
          {files[def] ? <ClearBox field={def} /> : <DefaultNote testId={`default-${def}`}>{t('defaultImage')}</DefaultNote>}
        </div>
      );
    }
    const id = `field-${def.name}`;
    const error = errorOf(def.name);
    const hint = t.has(runtimeKey(`hints.${def.name}`)) ? t(runtimeKey(`hints.${def.name}`)) : null;
    // Nothing saved: the field holds what the site shows now, marked as the default (a save that
    // leaves it so keeps following the default: lib/settings/save.ts).
    const fallback = def.name === 'activityRetentionDays' ? '' : defaults[def.name];
    const isDefault = versioned.values[def.name] === '' && fallback !== '';
    const common = {
      id,
      name: def.name,
      defaultValue: isDefault ? fallback : versioned.values[def.name],
      'aria-invalid': Boolean(error),
      'aria-describedby':
        [isDefault ? `${id}-default` : '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
      dir: def.dir,
      className: 'field-input',
    } as const;
    return (
      <div key={`${def.name}-${versioned.generation}`}>
        <label htmlFor={id} className="mb-1 block font-semibold">
          {t(`fields.${def.name}`)}
        </label>
        {def.multiline ? <textarea {...common} rows={def.rows ?? 3} /> : <input {...common} type={def.type ?? 'text'} />}
        {isDefault && (
          <DefaultNote id={`${id}-default`} testId={`default-${def.name}`}>
            {t('defaultText')}
          </DefaultNote>
        )}
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    // A post even before scripts run (React writes method and encoding for an action).
    <form ref={form} action={plainAction} onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-8" data-testid="settings-form">
      <input type="hidden" name="locale" value={locale} />
      {refusedPlain ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="settings-plain-notice">
          {refusedPlain.error === 'staleVersion' ? ta('conflict.plain') : t('saveFailed')}
        </p>
      ) : (
        saved && (
          <p role="status" className="font-semibold" data-testid="settings-plain-notice">
            {t('saved')}
          </p>
        )
      )}
      <p>{t('intro')}</p>
      {versioned.conflict && (
        <VersionConflict
          differences={versioned.conflict.differences}
          label={(name) => t(runtimeKey(`fields.${name}`))}
          display={(_, value) => value}
          reapplied={versioned.conflict.reapplied}
          onReapply={versioned.reapplyMine}
        />
      )}
      <input type="hidden" name={VERSION_FIELD} value={versioned.version} />
      {SECTIONS.map((section) => (
        <fieldset key={section.key} className="grid gap-5 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
          <legend className="px-2 text-xl font-bold">{t(section.key)}</legend>
          {section.fields.map(field)}
        </fieldset>
      ))}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
          {ta('fixErrors')}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" data-testid="submit" disabled={busy} aria-busy={busy}>
          {t('save')}
        </button>
      </div>
    </form>
  );
}

/** "Default: the site shows this now…", with a badge, under a field that follows the default. */
function DefaultNote({ id, testId, children }: { id?: string; testId: string; children: ReactNode }) {
  const t = useTranslations('admin.settings');
  return (
    <p id={id} className="mt-1 flex items-start gap-2 text-sm text-zinc-700 dark:text-zinc-300" data-testid={testId}>
      <span className="shrink-0 rounded bg-zinc-200 px-2 py-0.5 text-xs font-bold text-zinc-900 uppercase">{t('defaultBadge')}</span>
      <span>{children}</span>
    </p>
  );
}

function ClearBox({ field }: { field: SettingsFileField }) {
  const t = useTranslations('admin.settings');
  return (
    <label className="mt-2 flex items-center gap-2 text-sm">
      <input type="checkbox" name={`clear_${field}`} value="1" className="size-4" data-testid={`clear-${field}`} />
      {t('remove')}
    </label>
  );
}

/** The portfolio picker (components/admin/pdf-input.tsx): the uploaded PDF, else the demo brand's. */
function PortfolioInput({ current, error }: { current: string | null; error?: string }) {
  const t = useTranslations('admin.settings');
  const ta = useTranslations('admin');
  return (
    <PdfInput
      name="portfolio"
      label={t('fields.portfolio')}
      choose={ta('choosePdf')}
      hint={t('hints.portfolio')}
      current={
        <p className="mb-2 text-sm">
          {current ? t('currentPortfolio') : t('defaultPortfolio')}{' '}
          <a href={current ?? PORTFOLIO_PATH} target="_blank" rel="noopener" className="underline">
            {t('viewPortfolio')}
          </a>
        </p>
      }
      clear={current && <ClearBox field="portfolio" />}
      error={error}
    />
  );
}
