import 'server-only';
import * as crud from '@/lib/entities/crud';
import type { AnyEntity } from '@/lib/entities/define';
import { LEGACY_ENTITIES } from '@/lib/legacy/entities';
import type { Permission } from '@/lib/auth/permissions';
import { legacyUser, type AnyLegacyResource } from '@/lib/legacy/serializer';

/** What an /api route needs to name a resource's errors: its message namespace and old field names. */
export interface LegacyNames {
  key: string;
  legacy: AnyLegacyResource;
}

/** URL segment -> entity + old field names, from the registry. The user resource has its own routes' rules. */
export interface ApiResource extends LegacyNames {
  entity: AnyEntity;
  permission: Permission;
}

const RESOURCES = new Map<string, ApiResource>(
  LEGACY_ENTITIES.map(({ entity, legacy }) => [
    legacy.resource,
    { key: entity.key, entity, legacy: legacy.format, permission: entity.permission },
  ]),
);

/** The resource at /api/{name}, or undefined (a Map: `constructor` or `__proto__` name nothing). */
export const apiResource = (name: string): ApiResource | undefined => RESOURCES.get(name);

export const API_RESOURCE_NAMES = [...RESOURCES.keys()];

export const usersApi: LegacyNames = { key: 'users', legacy: legacyUser };

export { crud };
