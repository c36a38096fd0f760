// The fast path for cached pages, used by the HTTP server (scripts/serve.mjs).
//
// Next spends about 2.5 ms of CPU to send a page it already holds in its cache (routing and
// rewrites, header handling, an ETag hash of the whole HTML, compression): the home page peaked
// near 400 req/s on this machine. So when Next answers a plain page request from its ISR cache,
// the exact bytes it sent (status, headers, body, compressed or not) are kept inside that cache
// entry (lib/cache-handler.mjs), and the same request is answered with them until the entry goes.
// The one change: for a browser that takes brotli, the gzip body is kept re-encoded in brotli.
// Nothing here decides what is cacheable or for how long: only responses Next itself served as a
// cache HIT are copied, and whatever removes the entry (a write expiring one of its tags, a
// regeneration, eviction) removes the copies with it.
//
// Plain JavaScript: it runs in the server process outside Next's compiler, and running TypeScript
// there needs a module loader whose hooks cost ~7% of every request (measured with --cpu-prof).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gunzip } from 'node:zlib';
import { brotliTextParams } from './brotli.mjs';

const brotli = promisify(brotliCompress);
const gunzipAsync = promisify(gunzip);

/**
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse} ServerResponse
 * @typedef {{ status: number, headers: (string | string[])[], body: Buffer }} Replay
 * @typedef {{ key: string }} EntryRef
 * @typedef {{ startedAt: number, entry?: EntryRef }} RequestScope (lib/cache-handler.mjs adds the rest)
 * @typedef {{
 *   pageReads: import('node:async_hooks').AsyncLocalStorage<RequestScope>,
 *   tick(): number,
 *   endScope(scope: RequestScope): void,
 *   waitForStaleWork(maxMs: number): Promise<void>,
 *   findReplay(replayKey: string): Replay | undefined,
 *   keepReplay(entry: EntryRef, replayKey: string, replay: Replay): boolean,
 *   findRetired(replayKey: string, accepts: (contentEncoding: string) => boolean): Replay | undefined,
 * }} SharedCacheState
 */

const SHARED = Symbol.for('sevenstars.cache');

/** @returns {SharedCacheState} */
export function sharedState() {
  const state = /** @type {any} */ (globalThis)[SHARED];
  if (!state) throw new Error('lib/cache-handler.mjs must be loaded before the page replay is used');
  return state;
}

/**
 * Requests whose answer may depend on more than the URL go to Next every time: React Server
 * Component and prefetch requests, server actions, conditional and range requests.
 */
const PASS_THROUGH_HEADERS = [
  'rsc',
  'next-action',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'if-none-match',
  'if-modified-since',
  'range',
];
/** Next's own files, the legacy API and the images never come from the page cache. */
const PASS_THROUGH_PREFIXES = ['/_next/', '/api/'];
/**
 * Per-connection headers, which Node writes itself, the length, which is recomputed, and the
 * request's own id (scripts/serve.mjs sets it on every answer, copies included).
 */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);

/**
 * The cookies and headers that next.config.ts's redirects, rewrites and headers test (`has` and
 * `missing`): the same URL may get another answer when they differ (the locale cookie sends an
 * English URL to the Arabic page), so their values are part of the replay key. Read from the
 * build's routes manifest, so a new rule can never be forgotten here.
 * @param {string} distDir
 */
export function routingInputs(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  const rewrites = Array.isArray(manifest.rewrites) ? manifest.rewrites : Object.values(manifest.rewrites ?? {}).flat();
  /** @type {Set<string>} */
  const cookies = new Set();
  /** @type {Set<string>} */
  const headers = new Set();
  for (const rule of [...(manifest.redirects ?? []), ...rewrites, ...(manifest.headers ?? [])]) {
    for (const condition of [...(rule.has ?? []), ...(rule.missing ?? [])]) {
      if (condition.type === 'cookie') cookies.add(condition.key);
      else if (condition.type === 'header') headers.add(condition.key.toLowerCase());
      else if (condition.type === 'host') headers.add('host');
    }
  }
  return { cookies: [...cookies], headers: [...headers] };
}

/**
 * Builds the function that names a request's replay: everything a cached page's response depends
 * on, i.e. the URL (path and query), Accept-Encoding (Next's compression) and the routing inputs.
 * It answers null for a request that must go to Next.
 * @param {{ cookies: string[], headers: string[] }} inputs
 * @returns {(req: IncomingMessage) => string | null}
 */
export function replayKeys(inputs) {
  const cookiePatterns = inputs.cookies.map((name) => new RegExp(`(?:^|;\\s*)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=([^;]*)`));
  return (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const url = req.url ?? '';
    if (PASS_THROUGH_PREFIXES.some((prefix) => url.startsWith(prefix)) || url.includes('_rsc=')) return null;
    for (const name of PASS_THROUGH_HEADERS) if (req.headers[name] !== undefined) return null;
    let key = `${url}\n${req.headers['accept-encoding'] ?? ''}`;
    const cookie = req.headers.cookie ?? '';
    for (const pattern of cookiePatterns) key += `\n${pattern.exec(cookie)?.[1] ?? ''}`;
    for (const name of inputs.headers) key += `\n${req.headers[name] ?? ''}`;
    return key;
  };
}

/**
 * Runs Next's handler for a request in its own cache scope: what it renders or reads is stamped
 * with when the request began, so lib/cache-handler.mjs can refuse to store it if a write expired
 * one of its tags in the meantime. (handleAndKeep does the same for the requests it handles.)
 * @param {IncomingMessage} req
 * @param {() => Promise<void>} handle
 */
export function inRequestScope(req, handle) {
  return runInScope(req, { startedAt: sharedState().tick() }, handle);
}

/** How long a request may wait for renders that began before a write (usually none). */
const STALE_WORK_WAIT_MS = 2_000;

/**
 * @param {IncomingMessage} req
 * @param {RequestScope} scope
 * @param {() => Promise<void>} handle
 */
async function runInScope(req, scope, handle) {
  const state = sharedState();
  // Only reads of pages can be handed a render shared with earlier requests; writes never wait.
  if ((req.method === 'GET' || req.method === 'HEAD') && !req.url?.startsWith('/api/')) await state.waitForStaleWork(STALE_WORK_WAIT_MS);
  try {
    await state.pageReads.run(scope, handle);
  } finally {
    state.endScope(scope);
  }
}

/**
 * Answers from a kept copy; false when there is none (the request then goes to Next).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {string} replayKey
 */
export function serveReplay(req, res, replayKey) {
  const replay = sharedState().findReplay(replayKey);
  if (!replay) return false;
  // X-Page-Replay tells operators (and the tests) which path answered; the rest is Next's answer.
  res.writeHead(replay.status, [...replay.headers, 'X-Page-Replay', '1', 'Content-Length', String(replay.body.byteLength)]);
  res.end(req.method === 'HEAD' ? undefined : replay.body);
  return true;
}

/** @param {unknown} chunk @param {unknown} encoding */
function toBuffer(chunk, encoding) {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? /** @type {BufferEncoding} */ (encoding) : 'utf8');
  const bytes = /** @type {Uint8Array} */ (chunk);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Lets Next answer, and keeps a copy of the answer when Next served it from a page cache entry
 * read during this very request (a 200 marked `x-nextjs-cache: HIT` that sets no cookie).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {string} replayKey
 * @param {() => Promise<void>} handle
 */
export async function handleAndKeep(req, res, replayKey, handle) {
  /** @type {RequestScope} */
  const read = { startedAt: sharedState().tick() };
  if (req.method !== 'GET') return runInScope(req, read, handle);

  /** @type {Buffer[]} */
  const chunks = [];
  // Decided at the first byte, once Next has set the status and the headers.
  /** @type {boolean | undefined} */
  let keeping;
  const decide = () =>
    (keeping ??=
      read.entry !== undefined &&
      res.statusCode === 200 &&
      res.getHeader('x-nextjs-cache') === 'HIT' &&
      res.getHeader('set-cookie') === undefined);

  const write = res.write;
  const end = res.end;
  // Next's compression wraps these in turn, so what arrives here is what goes on the wire.
  res.write = /** @type {any} */ (
    function (/** @type {unknown} */ chunk, /** @type {unknown[]} */ ...rest) {
      if (decide() && chunk != null) chunks.push(toBuffer(chunk, rest[0]));
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
    if (!keeping || !read.entry) return;
    const replay = { status: res.statusCode, headers: sentHeaders(res), body: Buffer.concat(chunks) };
    const entry = read.entry;
    if (res.getHeader('content-encoding') === 'gzip' && acceptsBrotli(req.headers['accept-encoding'])) {
      // keepReplay drops the copy if the entry went away while this ran.
      inBrotli(replay).then(
        (copy) => sharedState().keepReplay(entry, replayKey, copy),
        (error) => console.error(`[page-replay] brotli copy of ${req.url} failed:`, error),
      );
    } else {
      sharedState().keepReplay(entry, replayKey, replay);
    }
  });

  await runInScope(req, read, handle);
}

/**
 * The headers a response went out with, as a flat name/value list for `writeHead`, without the
 * per-connection ones and the length (and any `also` named, in lower case). Raw names keep Next's
 * spelling (Cache-Control, not cache-control).
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
    if (value === undefined || NOT_REPLAYED.has(lower) || also.includes(lower)) continue;
    headers.push(name, Array.isArray(value) ? value : String(value));
  }
  return headers;
}

/**
 * Whether an Accept-Encoding header takes brotli (`br`, not with q=0).
 * @param {string | undefined} header
 */
export function acceptsBrotli(header) {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((token) => token.trim().toLowerCase());
    if (coding !== 'br') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Next compresses with gzip only. A browser that takes brotli gets the kept copy re-encoded once
 * at brotli's best setting, ~15 % smaller: a page's HTML then fits the first round trip of a new
 * connection (~14 KB) with room for content to grow, where the gzip copy of a home page did not.
 * @param {Replay} replay
 * @returns {Promise<Replay>}
 */
async function inBrotli(replay) {
  const html = await gunzipAsync(replay.body);
  const body = await brotli(html, { params: brotliTextParams(html.byteLength) });
  const headers = replay.headers.map((value, i) =>
    i % 2 === 1 && String(replay.headers[i - 1]).toLowerCase() === 'content-encoding' ? 'br' : value,
  );
  return { status: replay.status, headers, body };
}
