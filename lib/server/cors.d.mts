// Types for cors.mjs (plain JavaScript, shared with the HTTP server).
export const ALLOW_METHODS: string;
export const ALLOW_HEADERS: string;
export function corsHeaders(origin: string | null | undefined): Record<string, string>;
export function preflightHeaders(origin: string | null | undefined): Record<string, string>;
