// Plain JavaScript: used by the HTTP server's wrappers (scripts/serve.mjs), outside Next's compiler.

/**
 * A header's value in writeHead's headers argument (an object or a flat name/value list), for the
 * wrappers that decide on an answer's headers before they are written.
 * @param {unknown} headers
 * @param {string} name lower case
 */
export function headerValue(headers, name) {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === name) return headers[i + 1];
    return undefined;
  }
  if (headers && typeof headers === 'object') {
    for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  }
  return undefined;
}
