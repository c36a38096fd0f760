// The Content-Security-Policy of every HTML page, computed by the HTTP server (scripts/serve.mjs).
//
// Public pages are rendered once and kept (ISR, lib/cache-handler.mjs, lib/server/http-cache.mjs), so a
// per-request nonce cannot reach their inline scripts (Next's docs: nonces need dynamic rendering).
// Hashes can: the server sees the whole document before it sends the headers, hashes every inline
// <script> it holds (React's flight data, the theme script, the script loader, whatever else a page
// has) and allows exactly those. This is generic HTML processing, not tied to Next's markup: an
// inline script nobody hashed cannot run, and a change in what Next writes is hashed like the rest.
//
// What it costs: Next's answer is held until it ends (cached pages come in one piece anyway; the
// back office streams and now arrives whole) and is gunzipped once to be read (Next compresses it
// itself; its bytes are sent unchanged). The kept copies of cached pages (http-cache.mjs) are
// copies of this answer, header included, so a kept page costs nothing more.
//
// Plain JavaScript: it runs in the HTTP server process (scripts/serve.mjs), outside Next's build.

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';

const DECODERS = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/**
 * The origin the map frame may load from; null (no frame allowed) for a URL that is not http(s).
 * @param {string} url
 */
export function frameOrigin(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

// An element's start tag, its text and end tag. Script text cannot contain `</script` (the HTML
// parser ends the element there), so the lazy match ends where the browser's parser does.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;

/**
 * The CSP source expressions ('sha256-…') of every inline script of a document, each once, in
 * document order. The browser hashes a script's text as UTF-8, exactly as written (no entity decoding).
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (HAS_SRC.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy for one HTML document. Styles allow inline: React and next/image write style
 * attributes (docs/decisions.md).
 * @param {string} html
 * @param {{ frameOrigin: string | null }} options
 */
export function pagePolicy(html, { frameOrigin: frame }) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes(html)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frame ?? "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** @param {unknown} value */
function isHtml(value) {
  return typeof value === 'string' && /^\s*text\/html\b/i.test(value);
}

/** @param {unknown} chunk @param {unknown} encoding */
function toBuffer(chunk, encoding) {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');
  const bytes = /** @type {Uint8Array} */ (chunk);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Holds an HTML answer until it ends, then sends it with the page policy. Call it before anything
 * else wraps the response (Next's compression and the HTTP cache's capture wrap it in turn), so it
 * sees the bytes that go on the wire and every header is still open when it sets its own.
 * Answers that are not HTML, or carry no body (HEAD, 204, 304), go through untouched.
 * @param {import('node:http').ServerResponse} res
 * @param {{ frameOrigin: string | null }} options
 */
export function withPagePolicy(res, options) {
  const real = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  /** @type {'hold' | 'pass' | undefined} */
  let mode;
  /** @type {Buffer[]} */
  const chunks = [];
  const decide = () =>
    (mode ??=
      !res.headersSent &&
      res.req?.method !== 'HEAD' &&
      res.statusCode !== 204 &&
      res.statusCode !== 304 &&
      isHtml(res.getHeader('content-type'))
        ? 'hold'
        : 'pass');

  res.writeHead = /** @type {any} */ (
    function (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) {
      if (mode === 'pass') return /** @type {any} */ (real.writeHead).call(res, status, ...rest);
      // Node merges writeHead's headers into the ones set before; doing it here keeps them open.
      const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
      if (typeof rest[0] === 'string') res.statusMessage = rest[0];
      res.statusCode = status;
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(String(headers[i]), headers[i + 1]);
      } else if (headers && typeof headers === 'object') {
        for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
      }
      if (decide() === 'pass') return /** @type {any} */ (real.writeHead).call(res, res.statusCode);
      return res;
    }
  );
  res.flushHeaders = function () {
    if (decide() === 'pass') real.flushHeaders.call(res);
  };
  res.write = /** @type {any} */ (
    function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
      if (decide() === 'pass') return /** @type {any} */ (real.write).call(res, chunk, ...rest);
      if (chunk != null) chunks.push(toBuffer(chunk, rest[0]));
      const callback = rest.find((arg) => typeof arg === 'function');
      if (callback) process.nextTick(callback);
      return true;
    }
  );
  res.end = /** @type {any} */ (
    function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
      if (typeof chunk === 'function') return res.end(undefined, chunk);
      if (decide() === 'pass') return /** @type {any} */ (real.end).call(res, chunk, ...rest);
      if (chunk != null) chunks.push(toBuffer(chunk, rest[0]));
      const callback = rest.find((arg) => typeof arg === 'function');
      void send(Buffer.concat(chunks), callback);
      return res;
    }
  );

  /** @param {Buffer} body @param {unknown} callback */
  async function send(body, callback) {
    let policy;
    try {
      policy = pagePolicy(await decoded(body, res.getHeader('content-encoding')), options);
    } catch (error) {
      // Sent with the policy of a page without inline scripts: it fails closed, never open.
      console.error(`[csp] could not read ${res.req?.url}:`, error);
      policy = pagePolicy('', options);
    }
    mode = 'pass';
    try {
      res.setHeader('Content-Security-Policy', policy);
      if (!res.hasHeader('transfer-encoding')) res.setHeader('Content-Length', body.byteLength);
      /** @type {any} */ (real.end).call(res, body, callback);
    } catch (error) {
      console.error(`[csp] could not send ${res.req?.url}:`, error);
      res.destroy();
    }
  }
}

/**
 * @param {Buffer} body
 * @param {unknown} encoding
 * @returns {Promise<string>}
 */
async function decoded(body, encoding) {
  // A redirect or an empty answer: nothing to read (and an empty body is not valid gzip).
  if (body.byteLength === 0) return '';
  const name = typeof encoding === 'string' ? encoding.trim().toLowerCase() : '';
  if (!name || name === 'identity') return body.toString('utf8');
  const decode = /** @type {Record<string, (buffer: Buffer) => Promise<Buffer>>} */ (DECODERS)[name];
  if (!decode) throw new Error(`unknown content encoding ${name}`);
  return (await decode(body)).toString('utf8');
}
