import en from '@/messages/en.json';
import ar from '@/messages/ar.json';

// Server-side lookups for text produced outside React (the legacy API's error bodies, toasts
// decided on the server). Components use next-intl's hooks over the same files.
export type Locale = 'en' | 'ar';
const catalogs = { en, ar } as const;

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function errorMessage(code: string, locale: Locale = 'en'): string {
  const tree = catalogs[locale] as unknown as Tree;
  return lookup(tree, `errors.${code}`) ?? lookup(tree, 'errors.server') ?? code;
}

/** The entity-specific sentence (the spec's "Name is required.") or the generic one for the code. */
export function fieldMessage(entity: string | undefined, field: string, code: string, locale: Locale = 'en'): string {
  const tree = catalogs[locale] as unknown as Tree;
  return (entity ? lookup(tree, `validation.fields.${entity}.${field}.${code}`) : undefined) ?? lookup(tree, `validation.${code}`) ?? code;
}
