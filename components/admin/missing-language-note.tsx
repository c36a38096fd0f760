'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { languageTwin, type FormField } from '@/lib/admin/areas';
import { InfoIcon } from '@/components/ui/icons';

const valueOf = (form: HTMLFormElement, name: string) => {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement ? input.value : '';
};

/**
 * Under a text field whose other-language twin (its bilingual pair, read from the form's fields) is
 * filled while it is empty: the site will show the other language there. From the values the form
 * was loaded with (so without scripts too), then live as the person types.
 */
export function MissingLanguageNote({
  fields,
  name,
  initial,
}: {
  fields: readonly FormField[];
  name: string;
  initial: Record<string, string>;
}) {
  const t = useTranslations('admin.missingLanguage');
  const twin = languageTwin(fields, name);
  const twinName = twin?.name;
  const box = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState(() => ({ own: initial[name] ?? '', other: twin ? (initial[twin.name] ?? '') : '' }));
  useEffect(() => {
    const form = box.current?.closest('form');
    if (!form || !twinName) return;
    const read = () => setValues({ own: valueOf(form, name), other: valueOf(form, twinName) });
    // A reset empties the fields after its event: read once they are.
    const onReset = () => setTimeout(read, 0);
    form.addEventListener('input', read);
    form.addEventListener('reset', onReset);
    // What was typed before scripts took over (a slow page) sent its input events to no one.
    const typedBefore = setTimeout(read, 0);
    return () => {
      clearTimeout(typedBefore);
      form.removeEventListener('input', read);
      form.removeEventListener('reset', onReset);
    };
  }, [name, twinName]);
  if (!twin) return null;
  const missing = values.own.trim() === '' && values.other.trim() !== '';
  return (
    <div ref={box} aria-live="polite">
      {missing && (
        <p
          id={`field-${name}-language`}
          className="mt-1 flex items-center gap-1 text-sm font-semibold text-amber-800 dark:text-amber-300"
          data-testid={`missing-language-${name}`}
        >
          <InfoIcon className="size-4" />
          {t(twin.missing)}
        </p>
      )}
    </div>
  );
}
