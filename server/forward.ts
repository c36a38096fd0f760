import http, { type IncomingMessage as Req, type ServerResponse as Res } from 'node:http';
import { Transform } from 'node:stream';
import { clientAddress } from '@/lib/auth/client-address';
import { declaredLength } from '@/lib/http/declared-length';
import { SOCKET_ADDRESS_HEADER, stampSocketAddress } from '@/lib/http/socket-address';
import {
  BODY_IDLE_MS,
  LARGE_BODY_BYTES,
  LARGE_BODY_RETRY_SECONDS,
  MAX_LARGE_BODIES,
  MAX_LARGE_BODIES_PER_ADDRESS,
} from '@/lib/http/upload-limits';
import { localeOf, refuse } from './guard';

// Passes a request to Next, counting the body on its way: a declared length over the limit is a 413
// before a byte is read, a chunked body is refused as it passes the limit (nothing is buffered), at
// most MAX_LARGE_BODIES large bodies at once, MAX_LARGE_BODIES_PER_ADDRESS from one address (503 + Retry-After), a
// body idle for BODY_IDLE_MS: 408.

/** Per-connection headers (RFC 9110 §7.6.1), which each hop writes for itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
// A refused body is drained (not read) for LINGER_MS: closing at once resets the connection and the client loses its
// answer. A client still sending one may pause QUIET_MS before its answer is ended.
const [LINGER_MS, QUIET_MS] = [5_000, 200];

let largeBodies = 0;
/** Large bodies being received, by address (an address leaves the map with its last one). */
const largeByAddress = new Map<string, number>();

/** The address the rate limits count (lib/auth/client-address.ts), as Next will see it: after stampSocketAddress. */
export function addressOf(req: Req): string {
  const hops = Math.max(0, Math.floor(Number(process.env.TRUST_PROXY_HOPS) || 0));
  const forwarded = req.headers['x-forwarded-for'];
  const headers = new Headers({ [SOCKET_ADDRESS_HEADER]: req.socket.remoteAddress ?? '' });
  if (forwarded !== undefined) headers.set('x-forwarded-for', Array.isArray(forwarded) ? forwarded.join(',') : forwarded);
  return clientAddress(headers, hops);
}

/** Takes one of the large-body places until the answer is done or the connection is gone. */
function takeLargePlace(req: Req, res: Res): boolean {
  const address = addressOf(req);
  const held = largeByAddress.get(address) ?? 0;
  if (largeBodies >= MAX_LARGE_BODIES || held >= MAX_LARGE_BODIES_PER_ADDRESS) return false;
  largeBodies += 1;
  largeByAddress.set(address, held + 1);
  res.once('close', () => {
    largeBodies -= 1;
    const left = (largeByAddress.get(address) ?? 1) - 1;
    if (left > 0) largeByAddress.set(address, left);
    else largeByAddress.delete(address);
  });
  return true;
}

/** Next's answer headers as Next spelled them, less the per-connection ones and those in `drop`. */
export const endToEnd = (raw: string[], drop?: ReadonlySet<string>): string[] =>
  raw.flatMap((name, i) => (i % 2 || HOP_BY_HOP.has(name.toLowerCase()) || drop?.has(name.toLowerCase()) ? [] : [name, raw[i + 1]!]));

function linger(req: Req): void {
  if (req.readableEnded) return;
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  req.once('end', () => clearTimeout(timer));
  req.resume();
}

// Ends an answer given before its body was all read once the client stops sending (the body ends, or QUIET_MS
// without data, at most LINGER_MS / 2): Node closes the connection as such an answer ends, and a client still
// writing got EPIPE instead of its 413 (5 of 5 chunked 20 MB posts to /api/register).
function endAfterBody(req: Req, end: () => void): void {
  if (req.complete || req.socket.destroyed) return end();
  const finish = () => {
    [quiet, cap].forEach(clearTimeout);
    req.off('data', wait).off('end', finish).off('close', finish);
    end();
  };
  const quiet = setTimeout(finish, QUIET_MS).unref();
  const cap = setTimeout(finish, LINGER_MS / 2).unref();
  const wait = () => quiet.refresh();
  req.on('data', wait).once('end', finish).once('close', finish);
}

/** A refused body (413, or 503 when busy), in the page's language (`/ar`) or the caller's; the rest of the body is drained. */
function bodyRefusal(req: Req, res: Res, status: 413 | 503) {
  const extra: Record<string, string> = status === 503 ? { 'Retry-After': String(LARGE_BODY_RETRY_SECONDS) } : {};
  const locale = localeOf(req, (req.url ?? '/').split('?')[0]!);
  refuse(req, res, status, status === 413 ? 'payloadTooLarge' : 'busy', extra, locale, (end) => endAfterBody(req, end));
  linger(req);
}

/** Sends `req` to Next; resolves with Next's answer, or undefined when this server answered itself or the exchange broke off. */
export function toNext(
  req: Req,
  res: Res,
  target: { socketPath: string; agent: http.Agent },
  limit: number,
  /** The method asked of Next: the request's, unless the answer needs a body Next leaves out of a HEAD's. */
  method = req.method,
) {
  const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  const hasBody = declared === undefined ? req.headers['transfer-encoding'] !== undefined : declared > 0;
  let large = (declared ?? 0) > LARGE_BODY_BYTES;
  if ((declared ?? 0) > limit || (large && !takeLargePlace(req, res))) {
    bodyRefusal(req, res, (declared ?? 0) > limit ? 413 : 503);
    return Promise.resolve(undefined);
  }
  stampSocketAddress(req);
  const headers = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  if (hasBody && declared === undefined) headers['transfer-encoding'] = 'chunked';
  return new Promise<Req | undefined>((resolve) => {
    const out = http.request({ ...target, method, path: req.url, headers });
    let refused = false;
    out.once('response', (answer) => {
      // Next answered before the body was all here (a route refusing it): the rest is drained, as for our refusals.
      if (hasBody && !req.complete) {
        clearTimeout(idle);
        req.unpipe(counter);
        counter.unpipe(out);
        linger(req);
      }
      resolve(answer);
    });
    // Next could not be reached (not a client's doing): try again shortly, never a 5xx page.
    out.once('error', () => {
      if (!refused && !res.headersSent && !req.socket.destroyed) bodyRefusal(req, res, 503);
      resolve(undefined);
    });
    // The client went away before its answer was complete: Next's work for it stops too.
    res.once('close', () => res.writableFinished || out.destroy());
    if (!hasBody) return void out.end();
    let bytes = 0;
    const stop = (answer: () => void) => {
      refused = true;
      clearTimeout(idle);
      req.unpipe(counter);
      out.destroy();
      if (!res.headersSent) answer();
      resolve(undefined);
    };
    const tooSlow = () =>
      res.writeHead(408, { Connection: 'close', 'Content-Length': 0, 'Cache-Control': 'no-store' }).end(() => req.socket.destroy());
    const idle = setTimeout(() => stop(tooSlow), BODY_IDLE_MS).unref();
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        idle.refresh();
        if (bytes > limit) return stop(() => bodyRefusal(req, res, 413));
        if (!large && bytes > LARGE_BODY_BYTES && !(large = takeLargePlace(req, res))) return stop(() => bodyRefusal(req, res, 503));
        done(null, chunk);
      },
      flush(done) {
        clearTimeout(idle);
        done();
      },
    });
    req.once('aborted', () => refused || stop(() => undefined));
    req.pipe(counter).pipe(out);
  });
}

// Sends the status and these headers (a flat name/value list) over those set before (request id, page policy); not
// `writeHead(status, list)`, which then keeps only the last of repeated names (an action's second Set-Cookie was lost).
// One Location: Next 16 sends a prerendered page's redirect with it twice, which clients join into no address.
export function writeHeaders(res: Res, status: number, raw: string[]): void {
  for (let i = 0; i < raw.length; i += 2) res.removeHeader(raw[i]!);
  for (let i = 0; i < raw.length; i += 2)
    if (!/^location$/i.test(raw[i]!) || !res.hasHeader('location')) res.appendHeader(raw[i]!, raw[i + 1]!);
  res.writeHead(status);
}

/** Copies Next's answer to the client as it streams; if the body is still arriving, the end waits for the client to stop sending. */
export function relay(req: Req, res: Res, upstream: Req, status = upstream.statusCode ?? 502): void {
  // A length the route stated (lib/http/declared-length.ts): sent as Content-Length, not chunked.
  writeHeaders(res, status, declaredLength(endToEnd(upstream.rawHeaders)));
  upstream.pipe(res, { end: false });
  upstream.once('end', () => endAfterBody(req, () => res.end()));
}
