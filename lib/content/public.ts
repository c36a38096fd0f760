import 'server-only';
import { unstable_cache } from 'next/cache';
import * as crud from '@/lib/entities/crud';
import { TAGS } from '@/lib/cache';
import { eventEntity } from '@/lib/entities/event';
import { imageUrl } from '@/lib/legacy/image-folders';

// View-ready reads for the public pages: already in the page's language (Arabic falls back to
// English when empty), plain JSON, cached under the tags of every entity they read.
const pick = (locale: string, en: string, ar: string) => (locale === 'ar' && ar.trim() ? ar : en);

export const getHomeContent = unstable_cache(
  async (locale: string) => {
    const events = await crud.list(eventEntity);
    return {
      events: events.map((e) => ({
        id: e.id,
        name: pick(locale, e.nameEn, e.nameAr),
        location: pick(locale, e.locationEn, e.locationAr),
        locationEn: e.locationEn,
        locationAr: e.locationAr,
        image: imageUrl('events', e.image),
        clientLogo: imageUrl('clients', e.client.logo),
        clientName: pick(locale, e.client.nameEn, e.client.nameAr),
      })),
    };
  },
  ['home'],
  { tags: [TAGS.events, TAGS.clients] },
);
