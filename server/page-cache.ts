import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { isPagePath } from '@/lib/http/csp';
import { etagMatches } from '@/lib/http/etag';
import { arabicFirstVisit } from '@/lib/http/accept-language';
import { LOCALE_COOKIE, localeCookieFor } from '@/lib/i18n/locale-cookie';
import { endToEnd, writeHeaders } from './forward';

// The pages' HTTP cache when `npm start` runs alone (deploy/nginx.conf is the one in front of
// several instances). Standard HTTP on kept libraries: http-cache-semantics decides what a shared
// cache may keep and for how long (Next's `s-maxage`), lru-cache bounds the memory. What is ours:
// - the key: the URL (for a page, its path and `_rsc` only: a page whose answer may be kept never
//   read its query string, so unknown query strings share its copy), the router headers Next
//   varies on, and the language cookie of the page's kind (next.config.ts redirects by it: the
//   public site's on public pages, the staff's own on sign-up and the other staff pages);
// - every write purges it: the `'use cache'` handler reports each tag update (server/main.ts);
// - last good copies, kept through purges, for when Next cannot render (stale-if-error);
// - brotli once per copy, in the thread pool: quality 11 for the build's immutable files, 5 for
//   pages, which are copied again after every write.

const BROTLI_PAGE_QUALITY = 5;
/** The build's files: they never change while the build serves, so their brotli copy is made once, at the best quality. */
const BUILD_FILES = '/_next/static/';
const brotliOptions = (quality: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
});
/** Request headers Next's answers vary on that the key holds (Accept-Encoding is served from the copy). */
const KEYED = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url'] as const;
// Accept-Language: the key holds what the pages read of it (the first-visit language, below).
const VARIES_OK = new Set<string>([...KEYED, 'accept-encoding', 'accept-language']);
/** Headers of Next's answer not kept: per connection, per answer, or redone from the copy. */
const NOT_KEPT = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'age',
  'x-request-id',
]);
/** The Arabic pages' prefix: they never redirect by language. */
const ARABIC_PATH = /^\/ar(?:\/|$)/;
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
/**
 * What is kept: text (pages, router payloads, /api/home, scripts, stylesheets). Images and fonts
 * are compressed already and served by Next from its own caches, with their own conditional
 * answers.
 */
const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

interface Copy {
  status: number;
  headers: string[];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag?: string;
  policy: CachePolicy;
  storedAt: number;
  size: number;
}

/** Which content codings an Accept-Encoding header takes (`identity` always). */
export function acceptedCodings(header: string | undefined): Set<string> {
  const codings = new Set(['identity']);
  for (const part of (header ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((token) => token.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (coding && (q === undefined || Number(q.slice(2)) > 0)) codings.add(coding);
  }
  return codings;
}

/** Worth reading whole to keep a copy: text that a shared cache may keep (the full rules: `copy`). */
export const mayKeep = (headers: IncomingMessage['headers']): boolean =>
  /s-maxage|public/.test(String(headers['cache-control'])) && TEXT.test(String(headers['content-type']));

/**
 * A public page at an English (unprefixed) URL: on a first visit its answer depends on
 * Accept-Language (next.config.ts's redirect), so it is keyed by it here and sent with
 * `Vary: Accept-Language` for a cache in front (server/main.ts; Next replaces a Vary set in
 * next.config.ts with its own).
 */
export const negotiatesLanguage = (pathname: string): boolean =>
  isPagePath(pathname) && !ARABIC_PATH.test(pathname) && localeCookieFor(pathname) === LOCALE_COOKIE;

/** Adds Accept-Language to an answer's Vary (kept in its copy too: the key holds what it changes). */
export function varyOnLanguage(upstream: IncomingMessage): void {
  upstream.rawHeaders.push('Vary', 'Accept-Language');
  const vary = upstream.headers.vary;
  upstream.headers.vary = vary ? `${vary}, Accept-Language` : 'Accept-Language';
}

function cookie(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return '';
}

export class PageCache {
  private readonly fresh: LRUCache<string, Copy>;
  private readonly good: LRUCache<string, Copy>;
  private readonly fills = new Map<string, Promise<void>>();
  private readonly working = new Set<{ generation: number; done: Promise<void> }>();
  private generation = 0;

  /** `serveFresh` false (several instances): pages are kept only as last good copies; the build's files are served. */
  constructor(
    private readonly serveFresh: boolean,
    maxBytes: number,
    goodMaxBytes: number,
  ) {
    this.fresh = new LRUCache({ maxSize: maxBytes, sizeCalculation: (copy) => copy.size });
    this.good = new LRUCache({ maxSize: goodMaxBytes, sizeCalculation: (copy) => copy.size });
  }

  key(req: IncomingMessage, pathname: string): string {
    const url = req.url ?? '/';
    const rsc = isPagePath(pathname) ? new URLSearchParams(url.slice(pathname.length)).get('_rsc') : null;
    const target = isPagePath(pathname) ? `${pathname}?${rsc ?? ''}` : url;
    // Only "ar" changes an answer (next.config.ts's redirect): other values share the copy. No
    // public cookie yet (a first visit): Arabic when Accept-Language puts it first, as the redirect.
    const remembered = cookie(req.headers.cookie, localeCookieFor(pathname));
    const firstVisit = negotiatesLanguage(pathname) && remembered === '' && arabicFirstVisit(req.headers['accept-language']);
    const arabic = remembered === 'ar' || firstVisit ? 'ar' : '';
    return [target, ...KEYED.map((name) => String(req.headers[name] ?? '')), arabic].join('\n');
  }

  /** A write: no copy made before it is served again (last good ones stay, for outages). */
  purge(): void {
    this.generation += 1;
    this.fresh.clear();
  }

  /**
   * Marks a request on its way to Next. Before that, waits for those sent before the last purge:
   * Next shares one render among requests for the same page, and a request after a write must not
   * be handed a render that began before it.
   */
  async begin(): Promise<{ generation: number; finish: () => void }> {
    const older = [...this.working].filter((work) => work.generation < this.generation).map((work) => work.done);
    if (older.length) await Promise.all(older);
    let done = () => {};
    const work = { generation: this.generation, done: new Promise<void>((resolve) => (done = resolve)) };
    this.working.add(work);
    const finish = () => {
      this.working.delete(work);
      done();
    };
    return { generation: work.generation, finish };
  }

  /** A fresh copy for this key, waiting for a copy of it being made now (one render for many requests). */
  async lookup(key: string): Promise<Copy | undefined> {
    await this.fills.get(key);
    const copy = this.fresh.get(key);
    return copy && copy.policy.timeToLive() > 0 ? copy : undefined;
  }

  lastGood = (key: string): Copy | undefined => this.good.get(key);

  /** Holds the key while its copy is made: other requests for it wait (nginx's proxy_cache_lock). */
  filling(key: string): () => void {
    let release = () => {};
    const fill = new Promise<void>((resolve) => (release = resolve));
    if (!this.fills.has(key)) this.fills.set(key, fill);
    return () => {
      if (this.fills.get(key) === fill) this.fills.delete(key);
      release();
    };
  }

  /**
   * A copy of Next's answer (the body as Next sent it, gzip or not), when a shared cache may keep
   * it. The client that asked is answered from it too, so every answer has the same headers.
   */
  async copy(req: IncomingMessage, upstream: IncomingMessage, body: Buffer): Promise<Copy | undefined> {
    const status = upstream.statusCode ?? 0;
    const policy = new CachePolicy(
      { url: req.url ?? '/', method: 'GET', headers: req.headers },
      { status, headers: upstream.headers as CachePolicy.Headers },
      { shared: true },
    );
    const vary = String(upstream.headers.vary ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    if (status !== 200 || !policy.storable() || policy.timeToLive() <= 0) return undefined;
    if (upstream.headers['set-cookie'] || !vary.every((name) => VARIES_OK.has(name)) || body.length > MAX_ENTRY_BYTES) return undefined;
    const coding = String(upstream.headers['content-encoding'] ?? 'identity');
    if ((coding !== 'identity' && coding !== 'gzip') || !TEXT.test(String(upstream.headers['content-type']))) return undefined;
    const identity = coding === 'gzip' ? await gunzipAsync(body) : body;
    const copy: Copy = {
      status,
      headers: endToEnd(upstream.rawHeaders, NOT_KEPT),
      identity,
      gzip: coding === 'gzip' ? body : await gzipAsync(identity),
      br: await brotliAsync(identity, brotliOptions(req.url?.startsWith(BUILD_FILES) ? constants.BROTLI_MAX_QUALITY : BROTLI_PAGE_QUALITY)),
      etag: typeof upstream.headers.etag === 'string' ? upstream.headers.etag : undefined,
      policy,
      storedAt: Date.now(),
      size: 0,
    };
    copy.size = copy.identity.length + copy.gzip.length + copy.br.length + 1024;
    return copy;
  }

  /** Keeps a copy, unless a write came after its request left for Next (it may hold what the write changed). */
  keep(key: string, copy: Copy, generation: number, url: string): void {
    if (generation !== this.generation) return;
    if (this.serveFresh || url.startsWith(BUILD_FILES)) this.fresh.set(key, copy);
    const page = isPagePath(url.split('?')[0]!);
    if (page) this.good.set(key, copy);
  }

  /**
   * Answers from a copy: `X-Page-Replay` 1 (a kept copy) or stale (Next could not answer). Next's
   * own answer (no `replay`) goes out in the coding Next chose.
   */
  send(req: IncomingMessage, res: ServerResponse, copy: Copy, replay?: '1' | 'stale', nextCoding?: string): void {
    const accepted = acceptedCodings(req.headers['accept-encoding']);
    const coding = nextCoding ?? (accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity');
    const body = coding === 'br' ? copy.br : coding === 'gzip' ? copy.gzip : copy.identity;
    const age = String(Math.floor((Date.now() - copy.storedAt) / 1000));
    const headers = replay ? [...copy.headers, 'Age', age, 'X-Page-Replay', replay] : [...copy.headers];
    if (coding !== 'identity') headers.push('Content-Encoding', coding);
    if (copy.etag && etagMatches(req.headers['if-none-match'], copy.etag)) {
      writeHeaders(res, 304, headers);
      res.end();
      return;
    }
    writeHeaders(res, copy.status, [...headers, 'Content-Length', String(body.length)]);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
