// CORS for every /api answer, in one place: the route handlers (lib/legacy/http.ts) and the
// request guard (request-guard.mjs, answers made before Next) send the same headers.
// CORS_ORIGINS: a comma-separated list of allowed origins, "*" (the default) for any.

export const ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Requested-With';

/** @returns {string[]} */
function allowedOrigins() {
  return (process.env.CORS_ORIGINS || '*')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** @param {string | null | undefined} origin the request's Origin header @returns {Record<string, string>} */
export function corsHeaders(origin) {
  const origins = allowedOrigins();
  if (origins.includes('*')) return { 'Access-Control-Allow-Origin': '*' };
  /** @type {Record<string, string>} */
  const headers = { Vary: 'Origin' };
  if (origin && origins.includes(origin)) headers['Access-Control-Allow-Origin'] = origin;
  return headers;
}

/** The headers of a 204 answer to a preflight. @param {string | null | undefined} origin */
export function preflightHeaders(origin) {
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': ALLOW_METHODS,
    'Access-Control-Allow-Headers': ALLOW_HEADERS,
    'Access-Control-Max-Age': '86400',
  };
}
