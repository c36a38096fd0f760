// One brotli setting for the text we compress once and send many times: the build's scripts and
// stylesheets (scripts/lib/build.ts) and the kept copies of cached pages (http-cache.mjs).
import { constants } from 'node:zlib';

/**
 * Best compression in text mode; the size hint lets the encoder size its window.
 * @param {number} byteLength
 */
export function brotliTextParams(byteLength) {
  return {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: byteLength,
  };
}
