// CORS for every /api answer, in one place: the route handlers (lib/legacy/http.ts) and the
// request guard (server/guard.ts, answers made before Next) send the same headers.
// CORS_ORIGINS: a comma-separated list of allowed origins, "*" (the default) for any.

export const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Requested-With';

function allowedOrigins(): string[] {
  return (process.env.CORS_ORIGINS || '*')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `origin`: the request's Origin header. */
export function corsHeaders(origin: string | null | undefined): Record<string, string> {
  const origins = allowedOrigins();
  if (origins.includes('*')) return { 'Access-Control-Allow-Origin': '*' };
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (origin && origins.includes(origin)) headers['Access-Control-Allow-Origin'] = origin;
  return headers;
}

/** The headers of a 204 answer to a preflight. */
export function preflightHeaders(origin: string | null | undefined): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': '86400',
  };
}
