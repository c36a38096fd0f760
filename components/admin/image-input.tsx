'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** Image picker: images only, with a preview of the chosen file before anything is uploaded. */
export function ImageInput({
  name,
  label,
  current,
  required,
  error,
  onPick,
}: {
  name: string;
  label: string;
  current: string | null;
  required?: boolean;
  error?: string;
  onPick?: (file: File | null) => void;
}) {
  const t = useTranslations('admin');
  const [preview, setPreview] = useState<string | null>(null);
  const [typeError, setTypeError] = useState(false);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const shown = preview ?? current;
  const id = `field-${name}`;
  const message = typeError ? t('imageHint') : error;
  return (
    <div>
      <div className="mb-1 flex gap-1 font-semibold">
        <label htmlFor={id}>{label}</label>
        {required && <span aria-hidden="true" className="text-red-700 dark:text-red-400">*</span>}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="grid size-28 place-items-center overflow-hidden rounded-lg bg-zinc-200 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element -- a blob: preview cannot go through next/image
            <img src={shown} alt={preview ? t('imagePreview') : t('currentImage')} className="size-full object-cover" data-testid="image-preview" />
          ) : (
            t('noImage')
          )}
        </div>
        <input
          id={id}
          name={name}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          aria-invalid={Boolean(message)}
          aria-required={required || undefined}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            if (file && !file.type.startsWith('image/')) {
              e.target.value = '';
              setTypeError(true);
              setPreview(null);
              onPick?.(null);
              return;
            }
            setTypeError(false);
            setPreview(file ? URL.createObjectURL(file) : null);
            onPick?.(file);
          }}
          className="text-sm file:me-3 file:rounded-lg file:border-0 file:bg-brand file:px-3 file:py-2 file:font-semibold file:text-black"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        {t('imageHint')}
      </p>
      {message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}
