import { formFields, type AnyEntity } from '@/lib/entities/define';
import { NOT_IN_OLD_API } from '@/lib/entities/field-meta';
import { entityByKey } from '@/lib/entities/registry';
import { legacyOf } from '@/lib/legacy/entities';
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
    case 'checkbox':
      return n % 2 ? 'false' : 'true';
    case 'select':
    case 'multiselect':
      return String(await optionId(entity, field.optionsFrom, n));
    case 'gallery':
      return JSON.stringify([
        {
          file: `sample${n}x${process.pid}.jpg`,
          width: 1600,
          height: 1067,
          altEn: unique('alt'),
          altAr: `نص ${n}`,
          captionEn: '',
          captionAr: '',
        },
      ]);
    case 'textarea':
      // The first the field takes: several lines (CR LF, what a multipart body carries for a line
      // break), one line (a field without line breaks), or a video link (a project's videos).
      return firstValid(entity, name, [`${unique(name)}\r\nsecond line`, unique(name), `https://www.youtube.com/watch?v=${videoId(n)}`]);
    default:
      return field.rtl ? `نص ${unique('ar')}` : unique(name);
  }
}

/** A YouTube id (11 characters of its alphabet), different for every n. */
const videoId = (n: number) => `sample${String(n).padStart(5, '0')}`.slice(-11).padStart(11, 'x');

function firstValid(entity: AnyEntity, name: string, candidates: string[]): string {
  const schema = entity.schema.shape[name];
  const found = candidates.find((value) => schema?.safeParse(value).success);
  if (!found) throw new Error(`${entity.key}.${name}: no sample value fits`);
  return found;
}

async function optionId(entity: AnyEntity, optionsFrom: string | undefined, n: number): Promise<number> {
  const source = entityByKey(optionsFrom ?? '');
  if (!source) throw new Error(`${entity.key} has a choice field with no options entity`);
  const rows = (await (source.delegate(testDb) as { findMany(a: object): Promise<{ id: number }[]> }).findMany({
    select: { id: true },
    orderBy: { id: 'asc' },
    take: 2,
  })) as { id: number }[];
  const row = rows[n % rows.length];
  if (!row) throw new Error(`no ${source.key} row to refer to`);
  return row.id;
}

/**
 * A field's value as text, to compare what was sent with what is stored: lists of plain values
 * one a line (as the form shows them), lists of objects (the gallery) as JSON with sorted keys
 * (PostgreSQL's jsonb keeps its own key order).
 */
export function comparable(value: unknown): string {
  const sorted = (item: unknown) =>
    item && typeof item === 'object' ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b))) : item;
  if (typeof value === 'string' && value.startsWith('[{')) return comparable(JSON.parse(value) as unknown);
  if (Array.isArray(value)) return value.some((item) => typeof item === 'object') ? JSON.stringify(value.map(sorted)) : value.join('\n');
  return String(value);
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
  const format = legacyOf(entity)?.format;
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
