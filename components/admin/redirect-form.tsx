'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState, useRef } from 'react';
import { useFormFeedback } from '@/components/auth/use-form-feedback';
import { saveRedirectForm } from '@/lib/redirects/actions';
import { useUnsavedChanges } from './unsaved-changes';

/** A redirect's form (new or a change): from, to, 301 or 302. Posts without scripts too; refusals under their fields. */
export function RedirectForm({
  id,
  version,
  from,
  to,
  status,
}: {
  id?: number;
  version?: string;
  from: string;
  to: string;
  status: number;
}) {
  const t = useTranslations('admin.redirects');
  const locale = useLocale();
  const [state, action, pending] = useActionState(saveRedirectForm, null);
  const { failed, error, refusal } = useFormFeedback(state);
  const form = useRef<HTMLFormElement>(null);
  useUnsavedChanges(form);
  const values = failed?.values;
  const field = (name: 'from' | 'to', label: string, hint: string, value: string) => {
    const problem = error(name);
    return (
      <div className="grid gap-1">
        <label htmlFor={`redirect-${name}`} className="font-semibold">
          {label}
        </label>
        <input
          id={`redirect-${name}`}
          name={name}
          dir="ltr"
          required
          autoComplete="off"
          spellCheck={false}
          defaultValue={values?.[name] ?? value}
          aria-invalid={Boolean(problem)}
          aria-describedby={`redirect-${name}-hint${problem ? ` redirect-${name}-error` : ''}`}
          className="field-input w-full text-start"
          data-testid={`redirect-${name}`}
        />
        <p id={`redirect-${name}-hint`} className="text-sm text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
        {problem && (
          <p id={`redirect-${name}-error`} role="alert" className="text-sm font-semibold text-red-700 dark:text-red-400">
            {problem}
          </p>
        )}
      </div>
    );
  };
  const chosen = values?.status || String(status);
  return (
    <form ref={form} action={action} className="grid max-w-2xl gap-4" noValidate data-testid="redirect-form">
      <input type="hidden" name="locale" value={locale} />
      {id !== undefined && <input type="hidden" name="id" value={id} />}
      {version !== undefined && <input type="hidden" name="version" value={version} />}
      {field('from', t('from'), t('fromHint'), from)}
      {field('to', t('to'), t('toHint'), to)}
      <fieldset className="grid gap-2">
        <legend className="font-semibold">{t('status')}</legend>
        {(['301', '302'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="status" value={value} defaultChecked={chosen === value} data-testid={`redirect-status-${value}`} />
            {value === '301' ? t('permanent') : t('temporary')}
          </label>
        ))}
      </fieldset>
      {refusal && (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-400" data-testid="redirect-refusal">
          {refusal}
        </p>
      )}
      <div>
        <button type="submit" disabled={pending} className="btn-primary" data-testid="redirect-save">
          {t('save')}
        </button>
      </div>
    </form>
  );
}
