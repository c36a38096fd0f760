'use client';

import { useTranslations } from 'next-intl';

/** Turns a validation code into the spec's sentence for that field, or the generic one. */
export function useFieldMessage(entity: string) {
  const t = useTranslations('validation');
  return (field: string, code: string) => {
    const specific = `fields.${entity}.${field}.${code}`;
    if (t.has(specific)) return t(specific);
    return t.has(code) ? t(code) : code;
  };
}
