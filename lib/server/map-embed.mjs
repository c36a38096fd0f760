// The map frame's URL, read by lib/config.ts (the page) and by the HTTP server (the CSP's
// frame-src, lib/server/csp.mjs): plain JavaScript so both processes share the one default.

export const DEFAULT_MAP_EMBED_URL = 'https://www.google.com/maps?q=Al%20Quoz%20Industrial%20Area%2C%20Dubai&output=embed';

/** MAP_EMBED_URL, or the default. */
export function mapEmbedUrl(env = process.env) {
  return env.MAP_EMBED_URL || DEFAULT_MAP_EMBED_URL;
}
