// Types for brotli.mjs (plain JavaScript, used by the HTTP server outside Next's compiler).
export function brotliTextParams(byteLength: number): Record<number, number>;
export const BROTLI_QUICK_QUALITY: number;
export function brotliQuickParams(byteLength: number): Record<number, number>;
