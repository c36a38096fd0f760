// The entities the old client reaches through /api, each with its resource name (/api/{resource}),
// its place in /api/home's positional array and its old field names and JSON (lib/legacy/serializer.ts).
// Owned here, not by the entity descriptors: the old API's shapes depend on the entities, never
// the other way (the entities know their fields' old names only, as data on their schemas).
import type { AnyEntity, EntityDef, Row } from '@/lib/entities/define';
import { clients } from '@/lib/entities/clients';
import { contacts } from '@/lib/entities/contacts';
import { events } from '@/lib/entities/events';
import { services } from '@/lib/entities/services';
import { slides } from '@/lib/entities/slides';
import { team } from '@/lib/entities/team';
import {
  legacyClient,
  legacyContact,
  legacyEvent,
  legacyService,
  legacySlide,
  legacyTeam,
  type AnyLegacyResource,
  type LegacyResource,
} from './serializer';

export interface LegacyEntity {
  entity: AnyEntity;
  legacy: { resource: string; homeIndex: number; format: AnyLegacyResource };
}

/** One entity and its old shape, typed together (the format reads the entity's own rows). */
function pair<R extends Row>(
  entity: EntityDef<string, R>,
  legacy: { resource: string; homeIndex: number; format: LegacyResource<R> },
): LegacyEntity {
  return { entity: entity as unknown as AnyEntity, legacy: legacy as unknown as LegacyEntity['legacy'] };
}

/** In the back office's menu order (lib/entities/registry.ts), as /api has always listed them. */
export const LEGACY_ENTITIES: readonly LegacyEntity[] = [
  pair(slides, { resource: 'slider', homeIndex: 6, format: legacySlide }),
  pair(team, { resource: 'team', homeIndex: 2, format: legacyTeam }),
  pair(services, { resource: 'service', homeIndex: 4, format: legacyService }),
  pair(contacts, { resource: 'contact', homeIndex: 1, format: legacyContact }),
  pair(events, { resource: 'event', homeIndex: 0, format: legacyEvent }),
  pair(clients, { resource: 'client', homeIndex: 3, format: legacyClient }),
];

const BY_KEY = new Map(LEGACY_ENTITIES.map((entry) => [entry.entity.key, entry.legacy]));

/** An entity's old shape, or undefined for one the old client never had. */
export const legacyOf = (entity: Pick<AnyEntity, 'key'>) => BY_KEY.get(entity.key);
