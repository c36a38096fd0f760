// Every content entity, once, in the back office's menu order. Everything that lists entities
// derives from here: the back-office areas and menu, the /api resources, the cache tags, the
// upload folders and the old image folders, the orphan sweeper and the tests (the old client's
// /api resources are lib/legacy/entities.ts).
// Isomorphic (the back office's forms read it in the browser).
import type { AnyEntity } from './define';
import { clients } from './clients';
import { contacts } from './contacts';
import { events } from './events';
import { services } from './services';
import { slides } from './slides';
import { team } from './team';

export const ENTITIES = [slides, team, services, contacts, events, clients] as const;

export type EntityKey = (typeof ENTITIES)[number]['key'];

const BY_KEY = new Map<string, AnyEntity>(ENTITIES.map((entity) => [entity.key, entity]));

export const entityByKey = (key: string): AnyEntity | undefined => BY_KEY.get(key);

export const isEntityKey = (key: unknown): key is EntityKey => typeof key === 'string' && BY_KEY.has(key);

/** The entities that store an image (their key is the upload folder). */
export const IMAGE_ENTITIES: AnyEntity[] = ENTITIES.filter((entity) => entity.image);

/** Public image folder → the upload folders whose files it serves (events share contactimges). */
export const IMAGE_URL_FOLDERS: ReadonlyMap<string, EntityKey[]> = IMAGE_ENTITIES.reduce((folders, entity) => {
  const url = entity.image!.urlFolder;
  return folders.set(url, [...(folders.get(url) ?? []), entity.key as EntityKey]);
}, new Map<string, EntityKey[]>());
