import 'server-only';
import { unstable_cache } from 'next/cache';
import * as crud from '@/lib/entities/crud';
import { TAGS, type CacheTag } from '@/lib/cache';
import { clientEntity } from '@/lib/entities/client';
import { contactEntity } from '@/lib/entities/contact';
import { eventEntity } from '@/lib/entities/event';
import { serviceEntity } from '@/lib/entities/service';
import { slideEntity } from '@/lib/entities/slide';
import { teamEntity } from '@/lib/entities/team';
import { imageUrl } from '@/lib/legacy/image-folders';
import { pickLocalized as pick } from '@/lib/i18n/pick';

// View-ready reads for the public pages: already in the page's language (Arabic falls back to
// English when empty), plain JSON, cached under the tag of every entity they read. Pages never
// see a database row.

function cached<A extends unknown[], R>(key: string, tags: CacheTag[], read: (...args: A) => Promise<R>) {
  return unstable_cache(read, [key], { tags });
}

export interface SlideView {
  id: number;
  image: string;
}
export const getSlides = cached('public-slides', [TAGS.slides], async (): Promise<SlideView[]> =>
  (await crud.list(slideEntity)).map((s) => ({ id: s.id, image: imageUrl('slides', s.image)! })),
);

export interface ClientView {
  id: number;
  name: string;
  logo: string | null;
}
export const getClients = cached('public-clients', [TAGS.clients], async (locale: string): Promise<ClientView[]> =>
  (await crud.list(clientEntity)).map((c) => ({ id: c.id, name: pick(locale, c.nameEn, c.nameAr), logo: imageUrl('clients', c.logo) })),
);

export interface EventView {
  id: number;
  name: string;
  location: string;
  /** Both languages, so search matches either whatever the page language. */
  searchText: string[];
  date: string | null;
  image: string | null;
  client: { name: string; logo: string | null };
}
export const getEvents = cached('public-events', [TAGS.events, TAGS.clients], async (locale: string): Promise<EventView[]> =>
  (await crud.list(eventEntity)).map((e) => ({
    id: e.id,
    name: pick(locale, e.nameEn, e.nameAr),
    location: pick(locale, e.locationEn, e.locationAr),
    searchText: [e.locationEn, e.locationAr],
    date: e.date ? e.date.toISOString().slice(0, 10) : null,
    image: imageUrl('events', e.image),
    client: { name: pick(locale, e.client.nameEn, e.client.nameAr), logo: imageUrl('clients', e.client.logo) },
  })),
);

export interface ServiceView {
  id: number;
  title: string;
  description: string;
  searchText: string[];
  image: string | null;
}
export const getServices = cached('public-services', [TAGS.services], async (locale: string): Promise<ServiceView[]> =>
  (await crud.list(serviceEntity)).map((s) => ({
    id: s.id,
    title: pick(locale, s.titleEn, s.titleAr),
    description: pick(locale, s.descriptionEn, s.descriptionAr),
    searchText: [s.titleEn, s.titleAr],
    image: imageUrl('services', s.image),
  })),
);

export interface TeamMemberView {
  id: number;
  name: string;
  jobTitle: string;
  details: string;
  searchText: string[];
  image: string | null;
}
export const getTeam = cached('public-team', [TAGS.team], async (locale: string): Promise<TeamMemberView[]> =>
  (await crud.list(teamEntity)).map((t) => ({
    id: t.id,
    name: pick(locale, t.nameEn, t.nameAr),
    jobTitle: pick(locale, t.jobTitleEn, t.jobTitleAr),
    details: pick(locale, t.detailsEn, t.detailsAr),
    searchText: [t.nameEn, t.nameAr],
    image: imageUrl('team', t.image),
  })),
);

export interface ContactView {
  id: number;
  phone: string;
  email: string;
  links: { kind: 'linkedin' | 'instagram' | 'tiktok' | 'youtube'; url: string }[];
}
export const getContacts = cached('public-contacts', [TAGS.contacts], async (): Promise<ContactView[]> =>
  (await crud.list(contactEntity)).map((c) => ({
    id: c.id,
    phone: c.phone,
    email: c.email,
    links: (
      [
        ['linkedin', c.linkedinUrl],
        ['instagram', c.instagramUrl],
        ['tiktok', c.tiktokUrl],
        ['youtube', c.youtubeUrl],
      ] as const
    )
      .filter(([, url]) => url)
      .map(([kind, url]) => ({ kind, url })),
  })),
);
