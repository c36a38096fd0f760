'use client';

import { useTranslations } from 'next-intl';
import { runtimeKey } from '@/lib/i18n/keys';

/** Turns a validation code into the spec's sentence for that field, or the generic one. */
export function useFieldMessage(entity: string) {
  const t = useTranslations('validation');
  return (field: string, code: string) => {
    const specific = runtimeKey(`fields.${entity}.${field}.${code}`);
    if (t.has(specific)) return t(specific);
    return t.has(runtimeKey(code)) ? t(runtimeKey(code)) : code;
  };
}
