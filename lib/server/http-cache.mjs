// A shared HTTP cache in front of Next, in this process (a subset of RFC 9111, what a CDN or
// nginx's proxy_cache does). It relies only on documented HTTP: a 200 answer to a GET whose
// Cache-Control allows a shared cache to keep it (`s-maxage`, or `public` with `max-age`), with
// no Set-Cookie and no `Vary: *`, is kept for that many seconds and served again to requests for
// the same URL whose headers named in its Vary are the same. Nothing here knows Next's headers,
// manifests or markup. What the site adds is its own: the locale cookie is part of the key (the
// site's redirect rule reads it), and every content write purges the whole cache (purge()), on
// this instance at once and on the others through the shared content version
// (lib/server/content-version.mjs). The purged copies are kept aside, bounded, as the pages' last
// good copies (stale-if-error, served by lib/server/unavailable.mjs only when Next fails).
//
// Brotli copies cost little per URL: any query string makes a URL of its own, so a copy is first
// compressed at a quick quality (~1 ms); only a copy that is asked for again is recompressed at
// the best one (~100 ms), once per write, one at a time, within a share of one core
// (BEST_BROTLI_SHARE). Issue 24: at quality 11 for every copy, unique query strings cost 120 ms of
// CPU each and ~10 a second took a core.
//
// Plain JavaScript: it runs in the server process outside Next's compiler (see scripts/serve.mjs).
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, gunzip } from 'node:zlib';
import { brotliQuickParams, brotliTextParams } from './brotli.mjs';
import { headerValue } from './header-value.mjs';

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

/**
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse} ServerResponse
 * @typedef {{ status: number, headers: (string | string[])[], body: Buffer }} Stored
 * @typedef {{ vary: string[], values: string[], stored: Stored, etag: string | undefined, storedAt: number, ttlMs: number, size: number, quick: boolean }} Variant
 *   `quick`: a brotli copy at the quick quality, to be recompressed at the best one if asked for again
 */

/** Per-connection headers, which Node writes itself, and the length, which is recomputed. */
const NOT_STORED = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'age',
  'x-request-id',
  'x-page-replay',
]);
/** Copies per URL (languages, encodings): a client cannot grow one URL's list without bound. */
const MAX_VARIANTS = 16;
/**
 * The most of one core that recompressing copies at the best brotli quality may take: after a
 * recompression that took t ms, the next starts no sooner than t / share - t ms later.
 */
const BEST_BROTLI_SHARE = 0.2;

/**
 * The freshness lifetime a shared cache may give a response (seconds), or 0 when it must not keep it.
 * @param {string | undefined} cacheControl
 */
export function sharedTtl(cacheControl) {
  if (!cacheControl) return 0;
  /** @type {Map<string, string>} */
  const directives = new Map();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value = ''] = part.trim().split('=');
    if (name) directives.set(name, value.replace(/^"|"$/g, ''));
  }
  if (directives.has('no-store') || directives.has('private') || directives.has('no-cache')) return 0;
  const shared = Number(directives.get('s-maxage'));
  if (Number.isFinite(shared) && shared > 0) return shared;
  const max = Number(directives.get('max-age'));
  return directives.has('public') && Number.isFinite(max) && max > 0 ? max : 0;
}

/**
 * Whether an Accept-Encoding header takes a coding (not with q=0).
 * @param {string | undefined} header
 * @param {string} coding
 */
export function accepts(header, coding) {
  if (!header) return coding === 'identity';
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((token) => token.trim().toLowerCase());
    if (name !== coding && name !== '*') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The headers a response went out with, as a flat name/value list for `writeHead`, without the
 * per-connection ones, the length, the request's own id and any `also` named (in lower case).
 * Raw names keep their spelling (Cache-Control, not cache-control).
 * @param {ServerResponse} res
 * @param {string[]} [also]
 * @returns {(string | string[])[]}
 */
export function sentHeaders(res, also = []) {
  /** @type {(string | string[])[]} */
  const headers = [];
  for (const name of res.getRawHeaderNames()) {
    const value = res.getHeader(name);
    const lower = name.toLowerCase();
    if (value === undefined || NOT_STORED.has(lower) || also.includes(lower)) continue;
    headers.push(name, Array.isArray(value) ? value : String(value));
  }
  return headers;
}

/** @param {Stored} stored @param {string} name */
const headerOf = (stored, name) => headerValue(stored.headers, name);

/** @param {unknown} chunk @param {unknown} encoding */
function toBuffer(chunk, encoding) {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');
  const bytes = /** @type {Uint8Array} */ (chunk);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * @param {{ maxBytes?: number, staleMaxBytes?: number, keyCookies?: string[], now?: () => number }} [options]
 */
export function httpCache(options = {}) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const staleMaxBytes = options.staleMaxBytes ?? 16 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const cookiePatterns = (options.keyCookies ?? []).map(
    (name) => new RegExp(`(?:^|;\\s*)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=([^;]*)`),
  );
  /** @type {Map<string, Variant[]>} URL key -> variants, least recently used first */
  const entries = new Map();
  /** @type {Map<string, Variant[]>} URL key -> last good copies of purged entries */
  const retired = new Map();
  let bytes = 0;
  let retiredBytes = 0;
  // Every purge starts a new generation: an answer that began before it is never stored.
  let generation = 0;
  /** A recompression at the best quality is running; the next may start at `nextBestAt` (performance.now()). */
  let bestRunning = false;
  let nextBestAt = 0;

  /** The URL part of the key: path and query, and the site's own routing cookie. @param {IncomingMessage} req */
  function urlKey(req) {
    let key = req.url ?? '/';
    const cookie = req.headers.cookie ?? '';
    for (const pattern of cookiePatterns) key += `\n${pattern.exec(cookie)?.[1] ?? ''}`;
    return key;
  }

  /** @param {IncomingMessage} req @param {string[]} names */
  const valuesOf = (req, names) => names.map((name) => String(req.headers[name] ?? ''));

  /** @param {Variant[] | undefined} variants @param {IncomingMessage} req */
  function match(variants, req) {
    return variants?.find((v) => v.values.every((value, i) => value === String(req.headers[/** @type {string} */ (v.vary[i])] ?? '')));
  }

  /** @param {string} key @param {Variant} variant */
  function drop(key, variant) {
    const variants = entries.get(key);
    if (!variants) return;
    const i = variants.indexOf(variant);
    if (i < 0) return;
    variants.splice(i, 1);
    bytes -= variant.size;
    if (!variants.length) entries.delete(key);
  }

  function evict() {
    for (const [key, variants] of entries) {
      if (bytes <= maxBytes) break;
      for (const variant of [...variants]) drop(key, variant);
    }
  }

  /**
   * A fresh stored answer for this request, if any.
   * @param {IncomingMessage} req
   */
  function lookup(req) {
    // A request with Authorization may be answered too: only answers that said `s-maxage` or
    // `public` are ever stored, which is what RFC 9111 (3.5) asks for that.
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const key = urlKey(req);
    const variants = entries.get(key);
    const variant = match(variants, req);
    if (!variant || !variants) return undefined;
    if (now() - variant.storedAt >= variant.ttlMs) {
      drop(key, variant);
      return undefined;
    }
    // Least recently used goes first on eviction.
    entries.delete(key);
    entries.set(key, variants);
    return variant;
  }

  /**
   * Whether the client already holds this copy: its ETag is in If-None-Match, or (without
   * If-None-Match) it was not modified since If-Modified-Since.
   * @param {IncomingMessage} req @param {Variant} variant
   */
  function notModified(req, variant) {
    const tags = req.headers['if-none-match'];
    if (tags !== undefined)
      return Boolean(variant.etag) && tags.split(',').some((tag) => tag.trim() === variant.etag || tag.trim() === '*');
    const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
    const modified = Date.parse(String(headerOf(variant.stored, 'last-modified') ?? ''));
    return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
  }

  /**
   * Sends a stored answer (a 304 when the client already holds it).
   * @param {IncomingMessage} req @param {ServerResponse} res @param {Variant} variant @param {string} mark
   */
  function send(req, res, variant, mark = '1') {
    const age = String(Math.floor((now() - variant.storedAt) / 1000));
    const { stored } = variant;
    if (notModified(req, variant)) {
      const keep = ['etag', 'cache-control', 'vary', 'content-location', 'expires', 'last-modified'];
      /** @type {(string | string[])[]} */
      const headers = [];
      for (let i = 0; i + 1 < stored.headers.length; i += 2)
        if (keep.includes(String(stored.headers[i]).toLowerCase()))
          headers.push(/** @type {string} */ (stored.headers[i]), stored.headers[i + 1] ?? '');
      res.writeHead(304, [...headers, 'Age', age, 'X-Page-Replay', mark]);
      res.end();
      return;
    }
    res.writeHead(stored.status, [...stored.headers, 'Age', age, 'X-Page-Replay', mark, 'Content-Length', String(stored.body.byteLength)]);
    res.end(req.method === 'HEAD' ? undefined : stored.body);
  }

  /**
   * Answers from the cache; false when there is nothing fresh (the request then goes to Next).
   * @param {IncomingMessage} req @param {ServerResponse} res
   */
  function serve(req, res) {
    const variant = lookup(req);
    if (!variant) return false;
    send(req, res, variant);
    if (variant.quick) recompress(urlKey(req), variant);
    return true;
  }

  /**
   * Replaces a quick brotli copy, asked for again, with one at the best quality: once, in the
   * background, when no other recompression runs and the share of a core allows (otherwise a
   * later request for it tries again).
   * @param {string} key @param {Variant} variant
   */
  function recompress(key, variant) {
    if (bestRunning || performance.now() < nextBestAt) return;
    bestRunning = true;
    variant.quick = false;
    const started = performance.now();
    const startedIn = generation;
    unbrotli(variant.stored.body)
      .then((plain) => brotli(plain, { params: brotliTextParams(plain.byteLength) }))
      .then(
        (body) => {
          // Still the copy this cache holds (no purge, not replaced or evicted meanwhile).
          if (startedIn !== generation || !entries.get(key)?.includes(variant)) return;
          const size = body.byteLength + key.length + 512;
          bytes += size - variant.size;
          variant.size = size;
          variant.stored = { ...variant.stored, body };
          evict();
        },
        (error) => console.error('[http-cache] brotli recompression failed:', error),
      )
      .finally(() => {
        const took = performance.now() - started;
        bestRunning = false;
        nextBestAt = performance.now() + (took / BEST_BROTLI_SHARE - took);
      });
  }

  /**
   * Keeps a stored answer, unless a purge happened since its request began.
   * @param {IncomingMessage} req @param {Stored} stored @param {number} ttlMs @param {string[]} vary @param {number} startedIn
   */
  function store(req, stored, ttlMs, vary, startedIn, quick = false) {
    if (startedIn !== generation) return;
    const key = urlKey(req);
    const variants = entries.get(key) ?? [];
    const values = valuesOf(req, vary);
    const previous = match(variants, req);
    if (previous) drop(key, previous);
    // A full list makes room (expired copies first, then the least recently stored) rather than
    // refusing: sixteen odd Accept-Encoding values must not stop a URL from being kept.
    for (const old of variants.filter((v) => now() - v.storedAt >= v.ttlMs)) drop(key, old);
    while ((entries.get(key)?.length ?? 0) >= MAX_VARIANTS) drop(key, /** @type {Variant} */ (entries.get(key)?.[0]));
    const etag = headerOf(stored, 'etag');
    /** @type {Variant} */
    const variant = {
      vary,
      values,
      stored,
      etag: typeof etag === 'string' ? etag : undefined,
      storedAt: now(),
      ttlMs,
      size: stored.body.byteLength + key.length + 512,
      quick,
    };
    const list = entries.get(key) ?? [];
    list.push(variant);
    entries.delete(key);
    entries.set(key, list);
    bytes += variant.size;
    evict();
  }

  /**
   * Lets Next answer and keeps a copy of a cacheable answer. Decided at the first byte, once the
   * status and headers are set.
   * @param {IncomingMessage} req @param {ServerResponse} res
   */
  function capture(req, res) {
    if (req.method !== 'GET') return;
    const startedIn = generation;
    /** @type {Buffer[]} */
    const chunks = [];
    /** @type {{ ttlMs: number, vary: string[] } | null | undefined} */
    let plan;
    const decide = () => {
      if (plan !== undefined) return plan;
      const vary = String(res.getHeader('vary') ?? '')
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean);
      const ttl =
        res.statusCode === 200 && res.getHeader('set-cookie') === undefined && !vary.includes('*')
          ? sharedTtl(String(res.getHeader('cache-control') ?? ''))
          : 0;
      plan = ttl > 0 ? { ttlMs: ttl * 1000, vary } : null;
      return plan;
    };
    const { writeHead, write, end } = res;
    // Headers given to writeHead are moved onto the response first, so that the decision (and
    // the copy) sees them as getHeader does.
    res.writeHead = /** @type {any} */ (
      function (/** @type {number} */ status, /** @type {unknown[]} */ ...rest) {
        const headers = typeof rest[0] === 'string' ? rest[1] : rest[0];
        if (Array.isArray(headers)) {
          for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(String(headers[i]), headers[i + 1]);
        } else if (headers && typeof headers === 'object') {
          for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, /** @type {any} */ (value));
        }
        res.statusCode = status;
        return typeof rest[0] === 'string'
          ? /** @type {any} */ (writeHead).call(res, status, rest[0])
          : /** @type {any} */ (writeHead).call(res, status);
      }
    );
    res.write = /** @type {any} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
        if (decide() && chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
        return /** @type {any} */ (write).call(res, chunk, ...rest);
      }
    );
    res.end = /** @type {any} */ (
      function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
        if (decide() && chunk != null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, rest[0]));
        return /** @type {any} */ (end).call(res, chunk, ...rest);
      }
    );
    res.once('finish', () => {
      if (!plan) return;
      const stored = { status: res.statusCode, headers: sentHeaders(res), body: Buffer.concat(chunks) };
      const { ttlMs, vary } = plan;
      // A gzip answer for a client that takes brotli is kept in brotli (~15 % smaller, so a page's
      // HTML fits the first round trip of a new connection). A transformation a cache may make:
      // the representation is the same, only its content coding differs.
      if (
        String(res.getHeader('content-encoding') ?? '') === 'gzip' &&
        accepts(req.headers['accept-encoding'], 'br') &&
        !String(res.getHeader('cache-control') ?? '').includes('no-transform')
      ) {
        inBrotli(stored).then(
          (copy) => store(req, copy, ttlMs, vary, startedIn, true),
          (error) => console.error(`[http-cache] brotli copy of ${req.url} failed:`, error),
        );
      } else {
        store(req, stored, ttlMs, vary, startedIn);
      }
    });
  }

  /** Empties the cache (every content write); the copies become the pages' last good ones. */
  function purge() {
    generation += 1;
    for (const [key, variants] of entries) {
      const previous = retired.get(key) ?? [];
      retired.delete(key);
      retired.set(key, [...variants, ...previous].slice(0, MAX_VARIANTS));
    }
    entries.clear();
    bytes = 0;
    retiredBytes = 0;
    for (const variants of retired.values()) for (const variant of variants) retiredBytes += variant.size;
    for (const key of retired.keys()) {
      if (retiredBytes <= staleMaxBytes) break;
      for (const variant of retired.get(key) ?? []) retiredBytes -= variant.size;
      retired.delete(key);
    }
  }

  /**
   * The last good copy of a page for this request (when Next cannot answer), in a coding it takes.
   * @param {IncomingMessage} req
   */
  function findStale(req) {
    const variants = retired.get(urlKey(req)) ?? entries.get(urlKey(req));
    if (!variants) return undefined;
    const same = match(variants, req);
    if (same) return same;
    // Another coding of the same representation will do; another value of any other header the
    // answer varies on (a router payload instead of the page, another language) will not.
    return variants.find(
      (v) =>
        v.vary.every((name, i) => name === 'accept-encoding' || v.values[i] === String(req.headers[name] ?? '')) &&
        accepts(req.headers['accept-encoding'], String(headerOf(v.stored, 'content-encoding') ?? 'identity')),
    );
  }

  return { serve, capture, purge, findStale, send, stats: () => ({ entries: entries.size, bytes, retired: retired.size, generation }) };
}

/**
 * A gzip answer as a quick brotli copy (recompressed at the best quality if asked for again).
 * @param {Stored} stored
 * @returns {Promise<Stored>}
 */
async function inBrotli(stored) {
  const plain = await gunzipAsync(stored.body);
  const body = await brotli(plain, { params: brotliQuickParams(plain.byteLength) });
  const headers = stored.headers.map((value, i) =>
    i % 2 === 1 && String(stored.headers[i - 1]).toLowerCase() === 'content-encoding' ? 'br' : value,
  );
  return { status: stored.status, headers, body };
}
