import 'server-only';
import { config } from '@/lib/config';
import { defaultMapPlace, mapEmbedUrlFor, mapSiteUrl } from '@/lib/http/map-embed';

// Where an office is on the map, for /ContactUs: its frame (lazy, on the origin the CSP allows),
// the same map on the map site, and a directions link. An office with no map location and no
// address shows the site's default map (MAP_EMBED_URL / MAP_LINK_URL, as before issue 19).

export interface OfficeMap {
  embedUrl: string;
  openUrl: string;
  directionsUrl: string | null;
}

/** Google Maps' documented "Maps URLs" directions form (works in the app and the browser). */
export const directionsUrl = (destination: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;

/** The map of a place ('' = the default place). */
export function officeMap(place: string): OfficeMap {
  if (!place.trim()) {
    const fallback = defaultMapPlace();
    return { embedUrl: config.mapEmbedUrl, openUrl: config.mapLinkUrl, directionsUrl: fallback ? directionsUrl(fallback) : null };
  }
  const embedUrl = mapEmbedUrlFor(place);
  return { embedUrl, openUrl: mapSiteUrl(embedUrl), directionsUrl: directionsUrl(place.trim()) };
}

/**
 * The main office: the first card in the contacts' order (id ascending, the oldest card). The
 * footer shows it, the WhatsApp button falls back to its number, and the old client sees it as
 * `data[0]` of `/api/contact` (docs/offices.md, "Offices, live settings and first-visit
 * language"): one rule that needs no new column and keeps the old API's answer as it was.
 */
export const mainOffice = <T>(offices: readonly T[]): T | undefined => offices[0];
