import 'server-only';
import { cacheTag } from 'next/cache';
import { cachedRead, isLocale, refuseUnlessValid, unwrap, type CachedRead } from '@/lib/cache';
import * as crud from '@/lib/entities/crud';
import { rowImageUrl, type AnyEntity } from '@/lib/entities/define';
import { clients } from '@/lib/entities/clients';
import { contacts } from '@/lib/entities/contacts';
import { events } from '@/lib/entities/events';
import { services } from '@/lib/entities/services';
import { slides } from '@/lib/entities/slides';
import { team } from '@/lib/entities/team';

// View-ready reads for the public pages: each entity's `view` of its rows, already in the page's
// language (Arabic falls back to English when empty), plain JSON, cached under the tag of every
// entity they read. Pages never see a database row.

const PUBLIC_ENTITIES = { slides, clients, events, services, team, contacts } as const;
type PublicKey = keyof typeof PUBLIC_ENTITIES;
type ViewOfEntity<K extends PublicKey> = ReturnType<(typeof PUBLIC_ENTITIES)[K]['view']>;

/** The cached public read of an entity's rows, per language (the key and locale are the cache key). */
async function readPublic<K extends PublicKey>(key: K, locale: string, ...extra: unknown[]): Promise<CachedRead<ViewOfEntity<K>[]>> {
  'use cache';
  await refuseUnlessValid(extra.length === 0 && typeof key === 'string' && Object.hasOwn(PUBLIC_ENTITIES, key) && isLocale(locale));
  const entity: AnyEntity = PUBLIC_ENTITIES[key];
  cacheTag(entity.key, ...(entity.dependsOn ?? []));
  return cachedRead(async () =>
    (await crud.list(entity, { public: true })).map((row) => entity.view(row, locale, rowImageUrl(entity, row)) as ViewOfEntity<K>),
  );
}

const publicRead =
  <K extends PublicKey>(key: K) =>
  async (locale: string) =>
    unwrap(await readPublic(key, locale));

export const getSlides = publicRead('slides');
export const getClients = publicRead('clients');
export const getServices = publicRead('services');
export const getTeam = publicRead('team');
export const getContacts = publicRead('contacts');

type ViewOf<T> = T extends (locale: string) => Promise<(infer V)[]> ? V : never;
export type SlideView = ViewOf<typeof getSlides>;
export type ClientView = ViewOf<typeof getClients>;
export type ServiceView = ViewOf<typeof getServices>;
export type TeamMemberView = ViewOf<typeof getTeam>;
export type ContactView = ViewOf<typeof getContacts>;
