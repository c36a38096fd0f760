'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { saveItem } from '@/lib/admin/item-actions';
import { scriptedForm } from '@/lib/http/scripted-form';
import type { ActionResult } from '@/lib/admin/action-kit';
import {
  AREAS,
  ITEM_AREA_FIELD,
  ITEM_ID_FIELD,
  REMOVE_DOCUMENT_SUFFIX,
  adminPath,
  formInput,
  type AreaKey,
  type FormField,
} from '@/lib/admin/areas';
import { fieldErrors as toFieldErrors } from '@/lib/entities/fields';
import { VERSION_FIELD } from '@/lib/entities/version';
import { useRouter } from '@/lib/i18n/navigation';
import { runtimeKey } from '@/lib/i18n/keys';
import { TIMINGS } from '@/lib/timings';
import { ConfirmDialog } from './confirm-dialog';
import { GalleryManager } from './gallery-manager';
import { ItemSeoPreview } from './item-seo-preview';
import { ImageInput, type ImageLimits } from './image-input';
import { PdfInput } from './pdf-input';
import { MissingLanguageNote } from './missing-language-note';
import { useUnsavedChanges } from './unsaved-changes';
import { useFieldMessage } from './use-field-message';
import { typedValues } from '@/lib/admin/conflict';
import { useVersionedValues, VersionConflict } from './version-conflict';

// One toast per form: a new outcome replaces the last one instead of stacking under it.
const TOAST_ID = 'item-form';

/**
 * The one create/update form of the back office. Submit validates with the entity's zod schema
 * (the same one the server uses), then asks for confirmation; Confirm calls the server action,
 * which validates again. Field errors appear under their fields. Without scripts the browser posts
 * the form to the same action (no dialog): saved, the list; refused, this form again with its
 * errors and what was typed (`plain`, its state).
 */
export function ItemForm({
  areaKey,
  id,
  initial = {},
  image = null,
  documentUrl = null,
  options = {},
  imageLimits,
  version: readVersion = null,
}: {
  areaKey: AreaKey;
  id?: number;
  initial?: Record<string, string>;
  image?: string | null;
  /** The item's document (a certificate's PDF) as held now: its URL, or null. */
  documentUrl?: string | null;
  options?: Record<string, { value: string; label: string }[]>;
  /** From the server (lib/config.ts): stated under the image field and checked on picking. */
  imageLimits: ImageLimits;
  /** The version `initial` was read at; the save carries it (lib/entities/version.ts). */
  version?: string | null;
}) {
  const area = AREAS[areaKey];
  const mode = id === undefined ? 'create' : 'update';
  const t = useTranslations(`admin.areas.${areaKey}`);
  const ta = useTranslations('admin');
  const message = useFieldMessage(area.key);
  const router = useRouter();
  const locale = useLocale();
  const form = useRef<HTMLFormElement>(null);
  const [plain, plainAction] = useActionState(saveItem, null);
  const refusedPlain = plain && !plain.ok ? plain : null;
  const [errors, setErrors] = useState<Record<string, string[]>>(refusedPlain?.fieldErrors ?? {});
  const [pending, setPending] = useState<FormData | null>(null);
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState(false);
  // After a successful save, until the redirect: no second submit.
  const [done, setDone] = useState(false);
  // A refused save's errors, to focus once the confirmation dialog has closed: while it is open
  // the form is inert (nothing in it takes focus), and closing it hands focus back to Submit.
  const focusAfterDialog = useRef<Record<string, string[]> | null>(null);
  // Optimistic versions: the version the fields show, and after a refused save over a newer one,
  // the newer values (the fields are drawn again, `generation`) and what differs.
  const { version, values, generation, conflict, refused, reapplyMine, restore } = useVersionedValues(
    area.fields,
    refusedPlain?.values ? { ...initial, ...refusedPlain.values } : initial,
    readVersion,
  );
  // Leaving with a change asks first; what is typed is kept in the tab (photos picked are not:
  // a file cannot be kept there, the notice's words say so).
  const unsaved = useUnsavedChanges(form, {
    draft: { key: `item:${areaKey}:${id ?? 'new'}`, read: (data) => typedValues(area.fields, data), restore },
    // A refused save's edits are in the conflict panel, not in the fields: still unsaved.
    pending: conflict !== null,
  });
  useEffect(() => {
    // Runs after the dialog's own effect (children first), so after its close.
    if (pending !== null || !focusAfterDialog.current) return;
    focusFirstError(focusAfterDialog.current);
    focusAfterDialog.current = null;
  });

  /**
   * Focus the first field (in form order) that has an error; the fields exist either way. Brought
   * to the middle of the screen, so its message, under it, is in view too (focus alone scrolls
   * only as far as the field: an image's message could stay below the fold).
   */
  function focusFirstError(found: Record<string, string[]>) {
    const first = area.fields.find((f) => found[f.name]);
    const field = first && document.getElementById(`field-${first.name}`);
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }

  function validate(data: FormData): Record<string, string[]> {
    const result = area.meta.schema.safeParse(formInput(area.fields, data));
    const found = result.success ? {} : toFieldErrors(result.error);
    if (area.imageRequired && !picked && !image) found.image = ['imageRequired'];
    return found;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const found = validate(data);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(found);
      return;
    }
    setPending(data);
  }

  async function onConfirm() {
    if (!pending) return;
    setBusy(true);
    const result = await saveItem(null, scriptedForm(pending)).catch((): ActionResult => ({ ok: false, error: 'server' }));
    setBusy(false);
    setPending(null);
    if (!result.ok && result.conflict) {
      refused(pending, result.conflict);
      setErrors({});
      toast.error(ta('conflict.toast'), { id: TOAST_ID, duration: area.errorToastMs });
      return;
    }
    if (result.ok) {
      unsaved.saved(true);
      setDone(true);
      toast.success(mode === 'create' ? t('created') : t('updated'), { id: TOAST_ID, duration: TIMINGS.successToastMs });
      if (mode === 'create') {
        form.current?.reset();
        setPicked(false);
      }
      setTimeout(() => router.push(adminPath.list(area)), TIMINGS.redirectDelayMs);
      return;
    }
    setErrors(result.fieldErrors ?? {});
    focusAfterDialog.current = result.fieldErrors ?? {};
    // Every failure says something (the old team update failed silently); a field refused is not
    // a server failure, so it points at the fields rather than saying "try again".
    toast.error(refusalText(result), { id: TOAST_ID, duration: area.errorToastMs });
  }

  /** A refusal's heading: "check the fields" when fields were refused, else the area's "not saved". */
  const refusalText = (result: ActionResult & { ok: false }) =>
    Object.keys(result.fieldErrors ?? {}).length > 0 ? ta('checkFields') : mode === 'create' ? t('createFailed') : t('updateFailed');
  const errorOf = (field: string) => errors[field]?.map((code) => message(field, code)).join(' ');
  const labelOf = (name: string) => t(runtimeKey(`fields.${name}`));
  /** A value as the conflict panel shows it: a choice by its label, a box as Yes or No, a gallery by its count. */
  function displayOf(name: string, value: string): string {
    const kind = area.fields.find((f) => f.name === name)?.kind;
    if (kind === 'checkbox') return value === 'true' ? ta('conflict.yes') : ta('conflict.no');
    if (kind === 'gallery') return ta('conflict.pictures', { count: galleryCount(value) });
    const choices = options[name];
    if (!choices) return value;
    const labels = value.split('\n').filter(Boolean);
    return labels.map((v) => choices.find((o) => o.value === v)?.label ?? v).join(', ');
  }

  return (
    // A post even if a tap beats the scripts (React writes method and encoding for an action): a
    // GET would put every field in the address bar and logs.
    <form ref={form} action={plainAction} onSubmit={onSubmit} noValidate className="grid max-w-3xl gap-5" data-testid="item-form">
      {t.has('urlHint') && (
        <p id="url-hint" className="rounded-lg bg-amber-100 p-3 text-sm font-semibold text-amber-900">
          {t('urlHint')}
        </p>
      )}
      {unsaved.notice}
      {conflict && (
        <VersionConflict
          differences={conflict.differences}
          label={labelOf}
          display={displayOf}
          reapplied={conflict.reapplied}
          onReapply={reapplyMine}
        />
      )}
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name={ITEM_AREA_FIELD} value={areaKey} />
      <input type="hidden" name={ITEM_ID_FIELD} value={id ?? ''} />
      {refusedPlain && (
        // The scripted form says this in a toast; without scripts it is the page's answer.
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="item-form-refused">
          {refusedPlain.error === 'staleVersion' ? ta('conflict.plain') : refusalText(refusedPlain)}
        </p>
      )}
      {/* The version the fields were read at: a save over a newer one is refused, not lost. */}
      {mode === 'update' && version && <input type="hidden" name={VERSION_FIELD} value={version} />}
      {area.fields.map((field) =>
        field.kind === 'image' ? (
          <ImageInput
            key={field.name}
            name="image"
            label={t(runtimeKey(`fields.${field.name}`))}
            current={image}
            required={area.imageRequired}
            error={errorOf('image')}
            limits={imageLimits}
            onPick={(file) => setPicked(Boolean(file))}
          />
        ) : field.kind === 'document' ? (
          <PdfInput
            key={field.name}
            name={field.name}
            label={t(runtimeKey(`fields.${field.name}`))}
            choose={ta('choosePdf')}
            hint={t(runtimeKey('documentHint'))}
            current={
              documentUrl && (
                <p className="mb-2 text-sm">
                  <a href={documentUrl} target="_blank" rel="noopener" className="underline" data-testid="document-current">
                    {t(runtimeKey('documentCurrent'))}
                  </a>
                </p>
              )
            }
            clear={
              documentUrl && (
                <label className="mt-2 flex items-center gap-2 text-sm">
                  <input type="checkbox" name={`${field.name}${REMOVE_DOCUMENT_SUFFIX}`} value="1" className="size-4" />
                  {t(runtimeKey('documentRemove'))}
                </label>
              )
            }
            error={errorOf(field.name)}
          />
        ) : field.kind === 'gallery' ? (
          <GalleryManager
            key={`${field.name}-${generation}`}
            name={field.name}
            label={t(runtimeKey(`fields.${field.name}`))}
            initial={values[field.name] ?? '[]'}
            error={errorOf(field.name)}
          />
        ) : (
          <Field
            key={`${field.name}-${generation}`}
            field={field}
            label={t(runtimeKey(`fields.${field.name}`))}
            initial={values[field.name] ?? ''}
            error={errorOf(field.name)}
            options={options[field.name]}
            placeholder={field.kind === 'select' ? t('selectClient') : undefined}
            hint={field.hint ? t(runtimeKey(`fields.${field.name}Hint`)) : undefined}
            note={<MissingLanguageNote fields={area.fields} name={field.name} initial={initial} />}
          />
        ),
      )}
      {(areaKey === 'services' || areaKey === 'events') && <ItemSeoPreview form={form} area={areaKey} image={image} />}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400">
          {ta('fixErrors')}
        </p>
      )}
      <div className="flex gap-3">
        <button type="submit" className="btn-primary" data-testid="submit" disabled={done}>
          {mode === 'create' ? ta('create') : ta('update')}
        </button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        title={mode === 'create' ? t('createConfirmTitle') : t('updateConfirmTitle')}
        text={mode === 'create' ? t('createConfirmText') : t('updateConfirmText')}
        onConfirm={onConfirm}
        onCancel={() => setPending(null)}
      />
    </form>
  );
}

function galleryCount(json: string): number {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.length : 0;
  } catch {
    return 0;
  }
}

const LTR_KINDS = new Set<string>(['email', 'tel', 'url', 'number', 'text', 'textarea']);
const INPUT_TYPES: Record<string, string> = { text: 'text', email: 'email', tel: 'tel', url: 'url', number: 'number', date: 'date' };

function Field({
  field,
  label,
  initial,
  error,
  options,
  placeholder,
  hint,
  note,
}: {
  field: FormField;
  label: string;
  initial: string;
  error?: string;
  options?: { value: string; label: string }[];
  placeholder?: string;
  hint?: string;
  /** Under the field: its missing-language mark. */
  note?: ReactNode;
}) {
  const id = `field-${field.name}`;
  const errorText = error && (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
      {error}
    </p>
  );
  if (field.kind === 'checkbox') {
    return (
      <div>
        {/* Sent first, so an unticked box still says "no" (formInput reads the last value). */}
        <input type="hidden" name={field.name} value="0" />
        <label className="flex items-center gap-3 font-semibold">
          <input
            id={id}
            type="checkbox"
            name={field.name}
            value="1"
            // A new item's box starts as the schema's default (a new project is published).
            defaultChecked={initial === '' ? field.defaultOn === true : initial === 'true'}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            className="size-5 accent-brand"
          />
          {label}
        </label>
        {errorText}
      </div>
    );
  }
  if (field.kind === 'multiselect') {
    const chosen = new Set(initial.split(/\s+/).filter(Boolean));
    return (
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-1 font-semibold">{label}</legend>
        {/* Sent even with nothing ticked, so "none" is saved as none (formInput). */}
        <input type="hidden" name={field.name} value="" />
        {/* Focused when the field has an error (focusFirstError looks for field-<name>). */}
        <div id={id} tabIndex={-1} className="grid grid-cols-1 gap-2 rounded-lg p-1 sm:grid-cols-2">
          {options?.map((o) => (
            <label key={o.value} className="flex min-h-11 items-center gap-3 rounded-lg px-2 ring-1 ring-zinc-300 dark:ring-zinc-700">
              <input
                type="checkbox"
                name={field.name}
                value={o.value}
                defaultChecked={chosen.has(o.value)}
                className="size-5 accent-brand"
              />
              {o.label}
            </label>
          ))}
        </div>
        {errorText}
      </fieldset>
    );
  }
  const common = {
    id,
    name: field.name,
    defaultValue: initial,
    'aria-invalid': Boolean(error),
    // The contact form's "full URL" hint belongs to each URL field.
    'aria-describedby':
      [error ? `${id}-error` : '', hint ? `${id}-hint` : '', field.kind === 'url' ? 'url-hint' : ''].filter(Boolean).join(' ') || undefined,
    'aria-required': field.required || undefined,
    // Arabic fields right to left; addresses, phone numbers and amounts always left to right, and
    // so are the other texts, the English versions (in the Arabic back office they inherited
    // right to left, and "Over 20 years." showed as ".Over 20 years").
    dir: field.rtl ? 'rtl' : LTR_KINDS.has(field.kind) ? 'ltr' : undefined,
    className: 'field-input',
  } as const;
  return (
    <div>
      <div className="mb-1 flex gap-1 font-semibold">
        <label htmlFor={id}>{label}</label>
        {/* Outside the label: the field's name stays exactly its label; aria-required says the rest. */}
        {field.required && (
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            *
          </span>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mb-1 text-sm text-zinc-700 dark:text-zinc-300">
          {hint}
        </p>
      )}
      {field.kind === 'textarea' ? (
        <textarea {...common} rows={4} />
      ) : field.kind === 'select' ? (
        <select {...common}>
          <option value="">{placeholder}</option>
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={INPUT_TYPES[field.kind]}
          step={field.kind === 'number' ? '0.01' : undefined}
          min={field.kind === 'number' ? 0 : undefined}
          inputMode={field.kind === 'number' ? 'decimal' : undefined}
        />
      )}
      {errorText}
      {note}
    </div>
  );
}
