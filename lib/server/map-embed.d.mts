// Types for map-embed.mjs (plain JavaScript, shared with the HTTP server).
export const DEFAULT_MAP_EMBED_URL: string;
export function mapEmbedUrl(env?: Record<string, string | undefined>): string;
export function mapEmbedUrlFor(place: string, env?: Record<string, string | undefined>): string;
export function defaultMapPlace(env?: Record<string, string | undefined>): string;
export function mapSiteUrl(embedUrl: string): string;
