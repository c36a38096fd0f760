import 'server-only';
import * as crud from '@/lib/entities/crud';
import type { AnyEntityConfig, Row } from '@/lib/entities/crud';
import type { Permission } from '@/lib/auth/guard';
import { teamEntity } from '@/lib/entities/team';
import { clientEntity } from '@/lib/entities/client';
import { contactEntity } from '@/lib/entities/contact';
import { eventEntity } from '@/lib/entities/event';
import { serviceEntity } from '@/lib/entities/service';
import { slideEntity } from '@/lib/entities/slide';
import {
  legacyClient,
  legacyContact,
  legacyEvent,
  legacyService,
  legacySlide,
  legacyTeam,
  type AnyLegacyResource,
} from '@/lib/legacy/serializer';

/** URL segment -> entity + old field names. The user resource has its own routes' rules. */
export interface ApiResource {
  entity: AnyEntityConfig;
  legacy: AnyLegacyResource;
  permission: Permission;
}

export const apiResources: Record<string, ApiResource> = {
  team: { entity: teamEntity, legacy: legacyTeam, permission: 'content' },
  client: { entity: clientEntity, legacy: legacyClient, permission: 'content' },
  contact: { entity: contactEntity, legacy: legacyContact, permission: 'content' },
  event: { entity: eventEntity, legacy: legacyEvent, permission: 'content' },
  service: { entity: serviceEntity, legacy: legacyService, permission: 'content' },
  slider: { entity: slideEntity, legacy: legacySlide, permission: 'content' },
};

export type { Row };
export { crud };
