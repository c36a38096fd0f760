// Every content entity, once, in the back office's menu order: the browser halves of the
// descriptors (lib/entities/<key>/meta.ts). Everything that lists entities derives from here: the
// back-office areas and menu and its addresses (next.config.ts), the /api resources, the cache
// tags, the upload folders and the old image folders; the server's halves are joined to these in
// lib/entities/registry.ts (the old client's /api resources are lib/legacy/entities.ts).
// Isomorphic: the back office's forms read it in the browser, so it holds no closure.
import type { EntityMeta } from './define';
import { clientsMeta } from './clients/meta';
import { contactsMeta } from './contacts/meta';
import { eventsMeta } from './events/meta';
import { servicesMeta } from './services/meta';
import { slidesMeta } from './slides/meta';
import { teamMeta } from './team/meta';
import { testimonialsMeta } from './testimonials/meta';
import { certificationsMeta } from './certifications/meta';

export const ENTITY_METAS = [
  slidesMeta,
  teamMeta,
  servicesMeta,
  contactsMeta,
  eventsMeta,
  clientsMeta,
  testimonialsMeta,
  certificationsMeta,
] as const;

export type EntityKey = (typeof ENTITY_METAS)[number]['key'];

const BY_KEY = new Map<string, EntityMeta>(ENTITY_METAS.map((meta) => [meta.key, meta]));

export const isEntityKey = (key: unknown): key is EntityKey => typeof key === 'string' && BY_KEY.has(key);

/** The public folders that also serve their entity's documents (PDFs: a certificate's). */
export const DOCUMENT_URL_FOLDERS: ReadonlySet<string> = new Set(
  ENTITY_METAS.flatMap((meta: EntityMeta) => (meta.image && meta.document ? [meta.image.urlFolder] : [])),
);

/** Public image folder → the upload folders whose files it serves (events share contactimges). */
export const IMAGE_URL_FOLDERS: ReadonlyMap<string, EntityKey[]> = ENTITY_METAS.filter((meta) => meta.image).reduce((folders, meta) => {
  const url = meta.image!.urlFolder;
  return folders.set(url, [...(folders.get(url) ?? []), meta.key as EntityKey]);
}, new Map<string, EntityKey[]>());
