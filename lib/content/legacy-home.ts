import 'server-only';
import { unstable_cache } from 'next/cache';
import * as crud from '@/lib/entities/crud';
import { TAGS } from '@/lib/cache';
import { teamEntity } from '@/lib/entities/team';
import { clientEntity } from '@/lib/entities/client';
import { contactEntity } from '@/lib/entities/contact';
import { eventEntity } from '@/lib/entities/event';
import { serviceEntity } from '@/lib/entities/service';
import { slideEntity } from '@/lib/entities/slide';
import { legacyClient, legacyContact, legacyEvent, legacyService, legacySlide, legacyTeam } from '@/lib/legacy/serializer';

/**
 * GET /api/home's positional array: 0 events, 1 contacts, 2 team, 3 clients, 4 services,
 * 5 unused ([]), 6 slides. Cached as plain JSON under every tag it reads.
 */
export const getLegacyHome = unstable_cache(
  async () => {
    const [events, contacts, team, clients, services, slides] = await Promise.all([
      crud.list(eventEntity),
      crud.list(contactEntity),
      crud.list(teamEntity),
      crud.list(clientEntity),
      crud.list(serviceEntity),
      crud.list(slideEntity),
    ]);
    return [
      events.map(legacyEvent.toJson),
      contacts.map(legacyContact.toJson),
      team.map(legacyTeam.toJson),
      clients.map(legacyClient.toJson),
      services.map(legacyService.toJson),
      [],
      slides.map(legacySlide.toJson),
    ];
  },
  ['legacy-home'],
  { tags: Object.values(TAGS) },
);
