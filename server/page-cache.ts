import type { IncomingMessage as Req, ServerResponse as Res } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { isPagePath } from '@/lib/http/csp';
import { etagMatches } from '@/lib/http/etag';
import { arabicFirstVisit } from '@/lib/http/accept-language';
import { LOCALE_COOKIE, localeCookieFor } from '@/lib/i18n/locale-cookie';
import { endToEnd, writeHeaders } from './forward';

// The pages' HTTP cache when `npm start` runs alone (nginx is the one before several instances), on kept libraries:
// http-cache-semantics says what a shared cache may keep and how long, lru-cache bounds the memory. Ours: the key, a
// purge on every write, last good copies kept through purges (for when Next cannot render), and brotli made once per
// copy: quality 11 for the build's immutable files, 5 for pages, which are copied again after every write.

const BROTLI_PAGE_QUALITY = 5;
const TEXT_MODE = { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const BUILD_FILES = '/_next/static/';
/** Request headers Next's answers vary on that the key holds (Accept-Encoding is served from the copy). */
const KEYED = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url'] as const;
// Accept-Language: the key holds what the pages read of it (the first-visit language).
const VARIES_OK = new Set<string>([...KEYED, 'accept-encoding', 'accept-language']);
/** Headers of Next's answer not kept (besides the per-connection ones): per answer, or redone from the copy. */
const NOT_KEPT = new Set(['date', 'content-length', 'content-encoding', 'age', 'x-request-id']);
const MAX_ENTRY_BYTES = 8 * 1024 * 1024;
/** What is kept: text. Images and fonts are compressed already and come from Next's own caches. */
const TEXT = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg)/;

const [gunzipAsync, gzipAsync, brotliAsync] = [promisify(gunzip), promisify(gzip), promisify(brotliCompress)];

type Copy = { headers: string[]; identity: Buffer; gzip: Buffer; br: Buffer; etag?: string; policy: CachePolicy; storedAt: number };

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

// A public page at an English URL: a first visit's answer depends on Accept-Language (next.config.ts's redirect), so
// the key holds it and the answer says `Vary: Accept-Language` (Next replaces a Vary set in next.config.ts).
export const negotiatesLanguage = (pathname: string): boolean =>
  isPagePath(pathname) && !/^\/ar(?:\/|$)/.test(pathname) && localeCookieFor(pathname) === LOCALE_COOKIE;

export function varyOnLanguage(upstream: Req): void {
  upstream.rawHeaders.push('Vary', 'Accept-Language');
  upstream.headers.vary = upstream.headers.vary ? `${upstream.headers.vary}, Accept-Language` : 'Accept-Language';
}

/** When a shared cache may keep Next's answer, its policy (decided from the headers, before the body is read). */
export function keepable(req: Req, upstream: Req): CachePolicy | undefined {
  const { headers } = upstream;
  if (upstream.statusCode !== 200 || headers['set-cookie'] || !/s-maxage|public/.test(String(headers['cache-control']))) return undefined;
  if (!TEXT.test(String(headers['content-type'])) || !['identity', 'gzip'].includes(headers['content-encoding'] ?? 'identity'))
    return undefined;
  const vary = String(headers.vary ?? '').split(',');
  if (!vary.every((name) => !name.trim() || VARIES_OK.has(name.trim().toLowerCase()))) return undefined;
  const request = { url: req.url ?? '/', method: 'GET', headers: req.headers };
  const policy = new CachePolicy(request, { status: 200, headers: headers as CachePolicy.Headers }, { shared: true });
  return policy.storable() && policy.timeToLive() > 0 ? policy : undefined;
}

export class PageCache {
  private readonly fresh: LRUCache<string, Copy>;
  private readonly good: LRUCache<string, Copy>;
  private readonly working = new Set<{ generation: number; done: Promise<void> }>();
  private generation = 0;
  /** False with several instances: pages are kept only as last good copies (the build's files are served). */
  private readonly serveFresh: boolean;

  constructor(serveFresh: boolean, maxBytes: number, goodMaxBytes: number) {
    this.serveFresh = serveFresh;
    const sizeCalculation = (copy: Copy) => copy.identity.length + copy.gzip.length + copy.br.length + 1024;
    this.fresh = new LRUCache({ maxSize: maxBytes, sizeCalculation });
    this.good = new LRUCache({ maxSize: goodMaxBytes, sizeCalculation });
  }

  // A page's path and `_rsc` only (a page that may be kept never read its query string), the router headers, and the
  // language cookie as "ar" or nothing, the one value the redirect reads (no cookie yet: Accept-Language's first).
  // `_rsc` only with the router's `RSC: 1`: without it Next answers the page's HTML whatever `_rsc` says, so a random
  // `_rsc` keyed apart would make every request a full render (issue 34: 51.8 ms CPU each).
  key(req: Req, pathname: string): string {
    const url = req.url ?? '/';
    const rsc = req.headers.rsc === '1' ? (new URLSearchParams(url.slice(pathname.length)).get('_rsc') ?? '') : '';
    const target = isPagePath(pathname) ? `${pathname}?${rsc}` : url;
    const remembered = new RegExp(`(?:^|;)\\s*${localeCookieFor(pathname)}=([^;]*)`).exec(req.headers.cookie ?? '')?.[1]?.trim();
    const firstVisit = !remembered && negotiatesLanguage(pathname) && arabicFirstVisit(req.headers['accept-language']);
    return [target, ...KEYED.map((name) => String(req.headers[name] ?? '')), remembered === 'ar' || firstVisit ? 'ar' : ''].join('\n');
  }

  /** A write: no page copy made before it is served again (last good ones stay, for outages; the build's files never change). */
  purge(): void {
    this.generation += 1;
    for (const key of [...this.fresh.keys()]) if (!key.startsWith(BUILD_FILES)) this.fresh.delete(key);
  }

  // Marks a request on its way to Next, after those sent before the last purge: Next shares one render among requests
  // for a page, and one after a write must not get a render begun before it.
  async begin(): Promise<{ generation: number; finish: () => void }> {
    await Promise.all([...this.working].filter((work) => work.generation < this.generation).map((work) => work.done));
    let finish = () => {};
    const work = { generation: this.generation, done: new Promise<void>((resolve) => (finish = resolve)) };
    this.working.add(work);
    void work.done.then(() => this.working.delete(work));
    return { generation: work.generation, finish };
  }

  lookup(key: string): Copy | undefined {
    const copy = this.fresh.get(key);
    return copy && copy.policy.timeToLive() > 0 ? copy : undefined;
  }

  lastGood = (key: string): Copy | undefined => this.good.get(key);

  // Copies Next's answer (gzip or not, at most MAX_ENTRY_BYTES) and keeps it unless a write came after its request left
  // for Next. The client that asked is answered from it too, so every answer has the same headers.
  async keep(key: string, req: Req, upstream: Req, policy: CachePolicy, body: Buffer, generation: number) {
    if (body.length > MAX_ENTRY_BYTES) return undefined;
    const identity = upstream.headers['content-encoding'] === 'gzip' ? await gunzipAsync(body) : body;
    const quality = req.url?.startsWith(BUILD_FILES) ? constants.BROTLI_MAX_QUALITY : BROTLI_PAGE_QUALITY;
    const copy: Copy = {
      headers: endToEnd(upstream.rawHeaders, NOT_KEPT),
      identity,
      gzip: identity === body ? await gzipAsync(identity) : body,
      br: await brotliAsync(identity, { params: { ...TEXT_MODE, [constants.BROTLI_PARAM_QUALITY]: quality } }),
      etag: typeof upstream.headers.etag === 'string' ? upstream.headers.etag : undefined,
      policy,
      storedAt: Date.now(),
    };
    if (generation !== this.generation) return copy;
    if (this.serveFresh || req.url?.startsWith(BUILD_FILES)) this.fresh.set(key, copy);
    if (isPagePath((req.url ?? '/').split('?')[0]!)) this.good.set(key, copy);
    return copy;
  }

  /** Answers from a copy: `X-Page-Replay` 1 (a kept copy) or stale (Next could not answer); Next's own answer (no `replay`) in Next's coding. */
  send(req: Req, res: Res, copy: Copy, replay?: '1' | 'stale', nextCoding?: string): void {
    const accepted = acceptedCodings(req.headers['accept-encoding']);
    const coding = nextCoding ?? (accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity');
    const body = coding === 'br' ? copy.br : coding === 'gzip' ? copy.gzip : copy.identity;
    const age = String(Math.floor((Date.now() - copy.storedAt) / 1000));
    const headers = replay ? [...copy.headers, 'Age', age, 'X-Page-Replay', replay] : [...copy.headers];
    if (coding !== 'identity') headers.push('Content-Encoding', coding);
    const notModified = copy.etag !== undefined && etagMatches(req.headers['if-none-match'], copy.etag);
    writeHeaders(res, notModified ? 304 : 200, notModified ? headers : [...headers, 'Content-Length', String(body.length)]);
    res.end(req.method === 'HEAD' || notModified ? undefined : body);
  }
}
