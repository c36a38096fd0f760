// The map frame's URL, read by lib/config.ts (the page) and by the HTTP server (the CSP's
// frame-src, lib/http/csp.ts): one default for both.

export const DEFAULT_MAP_EMBED_URL = 'https://www.google.com/maps?q=Al%20Quoz%20Industrial%20Area%2C%20Dubai&output=embed';

/** MAP_EMBED_URL, or the default. */
export function mapEmbedUrl(env: Record<string, string | undefined> = process.env) {
  return env.MAP_EMBED_URL || DEFAULT_MAP_EMBED_URL;
}

/**
 * The frame's URL for one place (an office's map location or address): the configured URL with
 * its search (`q`) replaced, so every office's frame stays on the one origin the CSP's frame-src
 * allows. A blank place, or a configured URL with no `q` to replace (a custom embed), gives the
 * configured URL as it is.
 */
export function mapEmbedUrlFor(place: string, env: Record<string, string | undefined> = process.env): string {
  const base = mapEmbedUrl(env);
  const query = place.trim();
  if (!query) return base;
  try {
    const url = new URL(base);
    if (!url.searchParams.has('q')) return base;
    url.searchParams.set('q', query);
    return url.toString();
  } catch {
    return base;
  }
}

/** The place the configured frame searches (the default map's `q`), or '' when it names none. */
export function defaultMapPlace(env: Record<string, string | undefined> = process.env) {
  try {
    return new URL(mapEmbedUrl(env)).searchParams.get('q') ?? '';
  } catch {
    return '';
  }
}

/**
 * The same map on the map site itself, for visitors whose browser blocks or cannot load the frame:
 * `output=embed` is what makes the URL frame-only.
 */
export function mapSiteUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  url.searchParams.delete('output');
  return url.toString();
}
