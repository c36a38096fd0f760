// The server's halves of the descriptors, joined to the browser's (lib/entities/metas.ts, which
// holds the one list and its order): the write path, the public reads, the old API and the
// sweeper read these. Server-only: the halves hold the database's closures.
import 'server-only';
import type { AnyEntity } from './define';
import { clients } from './clients';
import { contacts } from './contacts';
import { events } from './events';
import { services } from './services';
import { slides } from './slides';
import { team } from './team';
import { testimonials } from './testimonials';
import { certifications } from './certifications';
import { ENTITY_METAS, type EntityKey } from './metas';

export { DOCUMENT_URL_FOLDERS, IMAGE_URL_FOLDERS, isEntityKey, type EntityKey } from './metas';

/** Every key has its server half (a missing one fails the type check). */
const SERVER_HALVES: { readonly [K in EntityKey]: AnyEntity & { key: K } } = {
  slides,
  team,
  services,
  contacts,
  events,
  clients,
  testimonials,
  certifications,
};

/** Every entity, in the menu order of lib/entities/metas.ts. */
export const ENTITIES: readonly (AnyEntity & { key: EntityKey })[] = ENTITY_METAS.map((meta) => SERVER_HALVES[meta.key]);

export const entityByKey = (key: string): AnyEntity | undefined =>
  Object.hasOwn(SERVER_HALVES, key) ? SERVER_HALVES[key as EntityKey] : undefined;

/** The whole descriptor of a key of the registry. */
export const entityOf = (key: EntityKey): AnyEntity => SERVER_HALVES[key];

/** The entities that store an image (their key is the upload folder). */
export const IMAGE_ENTITIES: AnyEntity[] = ENTITIES.filter((entity) => entity.image);
