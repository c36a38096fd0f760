import 'server-only';
import * as crud from '@/lib/entities/crud';
import { rowImageUrl, rowToInput, type AdminCard } from '@/lib/entities/define';
import { entityByKey } from '@/lib/entities/registry';
import type { AreaDef } from './areas';

// The admin's read layer: rows become plain view models for the list cards and form values,
// through each entity's descriptor.

export type { AdminCard };

export async function listCards(area: AreaDef, locale: string): Promise<AdminCard[]> {
  return (await crud.list(area.entity)).map((row) => area.entity.admin.card(row, locale, rowImageUrl(area.entity, row)));
}

export interface FormValues {
  values: Record<string, string>;
  image: string | null;
}

/** A row as the strings its form shows (null when the id does not exist). */
export async function formValues(area: AreaDef, id: number): Promise<FormValues | null> {
  const { entity } = area;
  try {
    const row = await crud.get(entity, id);
    const input = rowToInput(entity, row);
    return {
      values: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
      image: rowImageUrl(entity, row),
    };
  } catch {
    return null;
  }
}

/** The choices of each select field: the rows of the entity it refers to, labelled by their card title. */
export async function fieldOptions(area: AreaDef, locale: string): Promise<Record<string, { value: string; label: string }[]>> {
  const options: Record<string, { value: string; label: string }[]> = {};
  for (const field of area.fields) {
    const source = field.optionsFrom ? entityByKey(field.optionsFrom) : undefined;
    if (!source) continue;
    options[field.name] = (await crud.list(source)).map((row) => {
      const card = source.admin.card(row, locale, null);
      return { value: String(card.id), label: card.title };
    });
  }
  return options;
}
