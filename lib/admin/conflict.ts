import { formInput, type FormField } from './areas';

// A save refused over a newer version (409 `staleVersion`, lib/entities/version.ts): what the form
// shows then. Values are the strings a field starts from (lib/admin/server.ts formValues): a box
// "true"/"false", a multi-select its values one a line, the gallery its JSON. Isomorphic.

/** What a posted form held, as the strings its fields start from. */
export function typedValues(fields: readonly FormField[], data: FormData): Record<string, string> {
  const raw = formInput(fields, data);
  const out: Record<string, string> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (value === undefined) continue;
    if (field.kind === 'checkbox') out[field.name] = value === '1' || value === 'true' ? 'true' : 'false';
    else if (Array.isArray(value)) out[field.name] = value.join('\n');
    else out[field.name] = String(value);
  }
  return out;
}

// Compared as the schema would store them: trimmed, line breaks as LF.
const normal = (value: string | undefined) => (value ?? '').replace(/\r\n?/g, '\n').trim();
const same = (a: string | undefined, b: string | undefined) => normal(a) === normal(b);

export interface FieldDifference {
  name: string;
  /** Saved now (by whoever saved in between). */
  theirs: string;
  /** What the refused save sent. */
  yours: string;
}

/** The fields (in form order) whose saved value differs from what the refused save sent. */
export function differences(
  fields: readonly FormField[],
  theirs: Record<string, string>,
  yours: Record<string, string>,
): FieldDifference[] {
  return fields
    .filter((f) => f.kind !== 'image' && f.kind !== 'document' && yours[f.name] !== undefined && !same(theirs[f.name], yours[f.name]))
    .map((f) => ({ name: f.name, theirs: theirs[f.name] ?? '', yours: yours[f.name] ?? '' }));
}

/**
 * The newer version with this person's own edits put back: each field they changed (against what
 * their form was read with, `base`) takes their value; every other field keeps the newer one, so
 * re-applying never undoes what the other person changed elsewhere.
 */
export function reapply(
  fields: readonly FormField[],
  base: Record<string, string>,
  theirs: Record<string, string>,
  yours: Record<string, string>,
): Record<string, string> {
  const out = { ...theirs };
  for (const field of fields) {
    const mine = yours[field.name];
    if (mine !== undefined && !same(mine, base[field.name])) out[field.name] = mine;
  }
  return out;
}
