// The content areas' three screens (app/[locale]/Admin/Content/[area]/…) reach them under the
// registry's key, rewritten from the spec's addresses (/Admin/Teams, /Admin/CreateTeam,
// /Admin/Team/5: lib/admin/rewrites.ts). This turns the key in the route back into its area.
import 'server-only';
import { notFound } from 'next/navigation';
import { AREAS, type AreaDef } from '@/lib/admin/areas';
import { isEntityKey } from '@/lib/entities/metas';

/** The area of the route's `[area]` segment (an entity key); anything else is no screen (404). */
export function areaOf(key: string): AreaDef {
  if (!isEntityKey(key)) notFound();
  return AREAS[key];
}
