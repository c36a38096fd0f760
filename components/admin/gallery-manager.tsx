'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { imageUrl } from '@/lib/entities/define';
import { eventsMeta } from '@/lib/entities/events/meta';
import type { GalleryImage } from '@/lib/entities/events/schema';
import { localePath } from '@/lib/pages';
import { DragHandle } from './drag-handle';
import { REORDER_ITEM_CLASS, REORDER_LIST_CLASS } from './reorder-marks';
import { usePointerReorder } from './use-pointer-reorder';

interface Upload {
  id: number;
  name: string;
  progress: number;
  error?: string;
}

const ALT_TEXTS = ['altEn', 'altAr'] as const;
const CAPTION_TEXTS = ['captionEn', 'captionAr'] as const;
type TextKey = (typeof ALT_TEXTS)[number] | (typeof CAPTION_TEXTS)[number];

function parse(initial: string): GalleryImage[] {
  try {
    const value = JSON.parse(initial) as unknown;
    return Array.isArray(value) ? (value as GalleryImage[]) : [];
  } catch {
    return [];
  }
}

/** Sends one file to the upload route with its progress (fetch cannot report an upload's progress). */
function send(url: string, file: File, onProgress: (ratio: number) => void): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => resolve({ ok: xhr.status === 201, body: (xhr.response as Record<string, unknown> | null) ?? {} });
    xhr.onerror = () => resolve({ ok: false, body: { error: 'network' } });
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}

/**
 * A project's gallery in the back office: several photos at once, each with its progress; the
 * order changed by dragging or with the Move buttons (each move is announced); alt text and a
 * caption in both languages, a photo without alt text flagged. The gallery travels with the
 * form as JSON (the `gallery` field), so it is saved, confirmed and refused like any field.
 */
export function GalleryManager({ name, label, initial, error }: { name: string; label: string; initial: string; error?: string }) {
  const t = useTranslations('admin.gallery');
  const tv = useTranslations('validation');
  const te = useTranslations('errors');
  const locale = useLocale();
  const [items, setItems] = useState<GalleryImage[]>(() => parse(initial));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const nextId = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length || from === to) return;
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(from, 1);
      next.splice(to, 0, item!);
      return next;
    });
    setAnnouncement(t('moved', { from: from + 1, to: to + 1, total: items.length }));
  }

  function update(index: number, key: TextKey, value: string) {
    setItems((current) => current.map((item, i) => (i === index ? { ...item, [key]: value } : item)));
  }

  async function upload(files: FileList | null) {
    if (!files) return;
    const url = localePath(locale, '/Admin/GalleryUpload');
    // One after another: each photo is resized on the server, and the server takes a few large bodies at once.
    for (const file of Array.from(files)) {
      const id = (nextId.current += 1);
      setUploads((current) => [...current, { id, name: file.name, progress: 0 }]);
      const { ok, body } = await send(url, file, (progress) =>
        setUploads((current) => current.map((u) => (u.id === id ? { ...u, progress } : u))),
      );
      if (ok) {
        const image = body as { file: string; width: number; height: number };
        setItems((current) => [...current, { ...image, altEn: '', altAr: '', captionEn: '', captionAr: '' }]);
        setUploads((current) => current.filter((u) => u.id !== id));
        setAnnouncement(t('added', { name: file.name }));
      } else {
        const codes = (body.fieldErrors as Record<string, string[]> | undefined)?.image;
        const code = codes?.[0];
        // A full disk says so (it is not the photo's fault); anything else is the generic failure.
        const message =
          code && tv.has(code as never) ? tv(code as never) : body.error === 'storageFull' ? te('storageFull') : t('uploadFailed');
        setUploads((current) => current.map((u) => (u.id === id ? { ...u, error: message } : u)));
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  const reorder = usePointerReorder(move);

  return (
    <fieldset data-testid="gallery-manager" aria-describedby={error ? 'field-gallery-error' : undefined}>
      <legend className="mb-1 font-semibold">{label}</legend>
      <input type="hidden" name={name} value={JSON.stringify(items)} />
      <p id="gallery-help" className="mb-2 text-sm text-zinc-700 dark:text-zinc-300">
        {t('help')}
      </p>
      <div id="field-gallery" tabIndex={-1} className="mb-3">
        <label className="btn-secondary inline-flex cursor-pointer focus-within:ring-2 focus-within:ring-brand">
          {t('add')}
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            multiple
            className="sr-only"
            onChange={(e) => void upload(e.target.files)}
            data-testid="gallery-input"
          />
        </label>
      </div>
      {uploads.length > 0 && (
        <ul className="mb-3 grid gap-2" data-testid="gallery-uploads">
          {uploads.map((u) => (
            <li key={u.id} className="text-sm">
              <span className="font-semibold">{u.name}</span>{' '}
              {u.error ? (
                <span role="alert" className="text-red-700 dark:text-red-400">
                  {u.error}
                </span>
              ) : (
                <progress max={1} value={u.progress} aria-label={t('uploading', { name: u.name })} className="align-middle" />
              )}
            </li>
          ))}
        </ul>
      )}
      <ol className={`grid gap-3 ${REORDER_LIST_CLASS}`} data-testid="gallery-items" {...reorder}>
        {items.map((item, i) => {
          const missingAlt = !item.altEn.trim() || !item.altAr.trim();
          const textField = (key: TextKey) => (
            <label key={key} className="grid gap-1 text-sm font-semibold">
              {t(key, { number: i + 1 })}
              <input
                className="field-input"
                dir={key.endsWith('Ar') ? 'rtl' : 'ltr'}
                value={item[key]}
                maxLength={key.startsWith('alt') ? 200 : 300}
                onChange={(e) => update(i, key, e.target.value)}
                data-testid={`gallery-${key}`}
              />
            </label>
          );
          return (
            <li
              key={item.file}
              // On a phone the photo sits beside its place and buttons, the texts under both (a
              // card was ~620 px tall, one photo per screen); from 640 px the texts take the side.
              className={`grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 rounded-xl p-3 ring-1 ring-zinc-300 sm:grid-cols-[8rem_1fr] dark:ring-zinc-700 ${REORDER_ITEM_CLASS}`}
              data-testid="gallery-item"
            >
              <div className="sm:row-span-2">
                {/* eslint-disable-next-line @next/next/no-img-element -- the stored photo as uploaded, in a staff-only form */}
                <img
                  src={imageUrl(eventsMeta, item.file) ?? ''}
                  alt=""
                  width={128}
                  height={96}
                  className="h-15 w-20 rounded-lg object-cover sm:h-24 sm:w-32"
                />
                <p className="mt-1 flex items-center gap-1 text-sm font-semibold">
                  <DragHandle label={t('drag', { number: i + 1 })} testId="gallery-drag" />
                  {t('position', { number: i + 1, total: items.length })}
                </p>
                {missingAlt && (
                  <p className="text-sm font-semibold text-amber-800 dark:text-amber-300" data-testid="missing-alt">
                    {t('missingAlt')}
                  </p>
                )}
              </div>
              <div className="col-span-2 row-start-2 grid gap-2 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:grid-cols-2">
                {ALT_TEXTS.map(textField)}
                {/* Captions are optional: folded while empty, so a phone shows more photos per screen. */}
                <details className="grid gap-2 sm:col-span-2" open={Boolean(item.captionEn || item.captionAr)}>
                  <summary className="cursor-pointer text-sm font-semibold" data-testid="gallery-captions">
                    {t('captions', { number: i + 1 })}
                  </summary>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">{CAPTION_TEXTS.map(textField)}</div>
                </details>
              </div>
              <div className="flex flex-wrap content-start gap-2 sm:col-start-2">
                <button type="button" className="btn-secondary" onClick={() => move(i, i - 1)} disabled={i === 0} data-testid="gallery-up">
                  {t('moveUp', { number: i + 1 })}
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => move(i, i + 1)}
                  disabled={i === items.length - 1}
                  data-testid="gallery-down"
                >
                  {t('moveDown', { number: i + 1 })}
                </button>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    setItems((current) => current.filter((_, j) => j !== i));
                    setAnnouncement(t('removed', { number: i + 1 }));
                  }}
                  data-testid="gallery-remove"
                >
                  {t('remove', { number: i + 1 })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p role="status" aria-live="polite" className="sr-only" data-testid="gallery-announcement">
        {announcement}
      </p>
      {error && (
        <p id="field-gallery-error" role="alert" className="mt-1 text-sm font-semibold text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
