'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A PDF picker (the settings' portfolio, a certificate): like the image picker, the native input
 * stays out of sight (its words follow the browser's language) and a button in the page's
 * language opens it. `current` says what is held now (with its link); `clear` is the box that
 * drops it, when there is one to drop.
 */
export function PdfInput({
  name,
  label,
  choose,
  hint,
  current,
  clear,
  error,
}: {
  name: string;
  label: string;
  choose: string;
  hint: string;
  current: ReactNode;
  clear?: ReactNode;
  error?: string;
}) {
  const ta = useTranslations('admin');
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const id = `field-${name}`;
  // Cleared with the form after a save.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const reset = () => setFileName(null);
    form.addEventListener('reset', reset);
    return () => form.removeEventListener('reset', reset);
  }, []);
  return (
    <div>
      <p id={`${id}-label`} className="mb-1 font-semibold">
        {label}
      </p>
      {current}
      <div className="flex flex-wrap items-center gap-3">
        <button
          id={id}
          type="button"
          onClick={() => input.current?.click()}
          aria-labelledby={`${id}-label ${id}-choose`}
          aria-describedby={`${id}-file ${id}-hint${error ? ` ${id}-error` : ''}`}
          className="btn-primary"
        >
          <span id={`${id}-choose`}>{choose}</span>
        </button>
        <span id={`${id}-file`} className="min-w-0 text-sm break-all">
          {fileName ?? ta('noFileChosen')}
        </span>
        <input
          ref={input}
          name={name}
          type="file"
          tabIndex={-1}
          aria-hidden="true"
          hidden
          accept="application/pdf,.pdf"
          onChange={(e) => setFileName(e.target.files?.[0]?.name ?? null)}
          data-testid={`${name}-input`}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        {hint}
      </p>
      {clear}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
