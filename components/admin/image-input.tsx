'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { SIGNATURE_BYTES, looksLikeImage } from '@/lib/uploads/image-signature';

/**
 * The server's bounds on one image (MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS in lib/config.ts), passed
 * down by the page: the form states them, and a file over the size is refused before it is sent.
 */
export interface ImageLimits {
  bytes: number;
  pixels: number;
}

const MIB = 1024 * 1024;

/** Why a picked file is refused before it is sent, if it is: not an image by its type, or over the size bound. */
function refusal(file: File, limits: ImageLimits): 'imageInvalid' | 'imageTooLarge' | null {
  if (!file.type.startsWith('image/')) return 'imageInvalid';
  if (file.size > limits.bytes) return 'imageTooLarge';
  return null;
}

/**
 * Image picker: images only, with a preview of the chosen file before anything is uploaded. The
 * native file input stays in the form but out of sight: its button and "no file" text would
 * follow the browser's language, not the page's. Our button opens it and says it in the page's.
 * The limits are said under it; a refusal, from here or from the server, is said under it too.
 */
export function ImageInput({
  name,
  label,
  current,
  required,
  error,
  limits,
  onPick,
}: {
  name: string;
  label: string;
  current: string | null;
  required?: boolean;
  error?: string;
  limits: ImageLimits;
  onPick?: (file: File | null) => void;
}) {
  const t = useTranslations('admin');
  const tv = useTranslations('validation');
  const [preview, setPreview] = useState<string | null>(null);
  // A picked file refused here, before anything is sent.
  const [pickError, setPickError] = useState<ReturnType<typeof refusal>>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  // A create form is cleared after it is saved: the preview and file name go with it.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const clear = () => {
      setPreview(null);
      setFileName(null);
      setPickError(null);
    };
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);
  const shown = preview ?? current;
  const id = `field-${name}`;
  const message = pickError ? tv(pickError) : error;
  return (
    <div>
      <div className="mb-1 flex gap-1 font-semibold">
        <label id={`${id}-label`} htmlFor={id}>
          {label}
        </label>
        {required && (
          <>
            <span aria-hidden="true" className="text-red-700 dark:text-red-400">
              *
            </span>
            <span id={`${id}-required`} className="sr-only">
              {t('requiredField')}
            </span>
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <div className="grid size-28 place-items-center overflow-hidden rounded-lg bg-zinc-200 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element -- a blob: preview cannot go through next/image
            <img
              src={shown}
              alt={preview ? t('imagePreview') : t('currentImage')}
              className="size-full object-cover"
              data-testid="image-preview"
            />
          ) : (
            t('noImage')
          )}
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <button
            id={id}
            type="button"
            onClick={() => input.current?.click()}
            // A button takes no aria-required/aria-invalid: "required" is read with its name, the
            // error with its description.
            aria-labelledby={`${id}-label${required ? ` ${id}-required` : ''} ${id}-choose`}
            aria-describedby={`${id}-file ${id}-hint${message ? ` ${id}-error` : ''}`}
            className="btn-primary"
            data-testid="image-choose"
          >
            <span id={`${id}-choose`}>{t('chooseImage')}</span>
          </button>
          <span id={`${id}-file`} className="min-w-0 break-all text-sm" data-testid="image-file-name">
            {fileName ?? t('noFileChosen')}
          </span>
        </div>
        <input
          ref={input}
          name={name}
          type="file"
          tabIndex={-1}
          aria-hidden="true"
          hidden
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          onChange={async (e) => {
            const target = e.target;
            const file = target.files?.[0] ?? null;
            // The content too, not only the name and type the browser guesses from the extension.
            const refused =
              file &&
              (refusal(file, limits) ??
                (looksLikeImage(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer())) ? null : 'imageInvalid'));
            if (refused) {
              // Cleared, so the form does not send a file the server would refuse anyway.
              target.value = '';
              setPickError(refused);
              setPreview(null);
              setFileName(null);
              onPick?.(null);
              return;
            }
            setPickError(null);
            setPreview(file ? URL.createObjectURL(file) : null);
            setFileName(file?.name ?? null);
            onPick?.(file);
          }}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
        {t('imageHint', { mb: Math.floor(limits.bytes / MIB), megapixels: Math.floor(limits.pixels / 1_000_000) })}
      </p>
      {message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
          {message}
        </p>
      )}
    </div>
  );
}
