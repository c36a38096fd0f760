import { formFields, NOT_IN_OLD_API, type AnyEntity } from '@/lib/entities/define';
import { entityByKey } from '@/lib/entities/registry';
import { imageFile } from './api';
import { testDb, unique } from './db';

// Valid values for any entity's fields, made from its schema's form fields (their kinds), so tests that
// go over every entity and every field need no per-entity fixture and cover a new one at once.

let counter = 0;

/** A valid value of one field, different on every call. */
export async function sampleValue(entity: AnyEntity, name: string): Promise<string> {
  const n = ++counter;
  const field = formFields(entity).find((f) => f.name === name);
  if (!field) throw new Error(`${entity.key} has no form field ${name}`);
  switch (field.kind) {
    case 'email':
      return `sample${n}-${process.pid}@example.test`;
    case 'tel':
      return `+971 4 ${String(100000 + n)}`;
    case 'url':
      return `https://example.test/${unique('p')}`;
    case 'number':
      return String((n % 900) + 1);
    case 'date':
      return `20${String(10 + (n % 80)).padStart(2, '0')}-0${(n % 9) + 1}-1${n % 10}`;
    case 'select': {
      const source = entityByKey(field.optionsFrom ?? '');
      if (!source) throw new Error(`${entity.key}.${name} has no options entity`);
      const rows = (await (source.delegate(testDb) as { findMany(a: object): Promise<{ id: number }[]> }).findMany({
        select: { id: true },
        orderBy: { id: 'asc' },
        take: 2,
      })) as { id: number }[];
      const row = rows[n % rows.length];
      if (!row) throw new Error(`no ${source.key} row to refer to`);
      return String(row.id);
    }
    case 'textarea':
      // CR LF: what a multipart body carries for a line break (a bare LF is sent as CR LF).
      return `${unique(name)}\r\nsecond line`;
    default:
      return field.rtl ? `نص ${unique('ar')}` : unique(name);
  }
}

/** Every form field with a sample value (clean field names). */
export async function sampleInput(entity: AnyEntity): Promise<Record<string, string>> {
  const input: Record<string, string> = {};
  for (const field of formFields(entity)) input[field.name] = await sampleValue(entity, field.name);
  return input;
}

/**
 * The same input under the old client's names, with an image in its old part when the entity has
 * one. Fields the old client never had are left out, as it would.
 */
export async function legacyForm(
  entity: AnyEntity,
  input: Record<string, string>,
  withImage = true,
): Promise<Record<string, string | File>> {
  const format = entity.legacy?.format;
  if (!format) throw new Error(`${entity.key} has no legacy resource`);
  const form: Record<string, string | File> = {};
  for (const [name, value] of Object.entries(input)) {
    const old = format.fields[name];
    if (old === undefined) throw new Error(`${entity.key}.${name} has no old field name`);
    if (old === NOT_IN_OLD_API) continue; // the old client never sends it
    form[old] = value;
  }
  if (withImage && entity.image && format.filePart) form[format.filePart] = await imageFile();
  return form;
}
