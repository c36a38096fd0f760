import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { stampSocketAddress } from '@/lib/http/socket-address';
import { BODY_IDLE_MS, LARGE_BODY_BYTES, LARGE_BODY_RETRY_SECONDS, MAX_LARGE_BODIES } from '@/lib/http/upload-limits';
import { localeOf, refuse, type ErrorCode } from './answers';

// Passes a request to Next (listening on a socket only this process knows) and hands back Next's
// answer, counting the body on its way: a declared length over the limit is a 413 before a byte is
// read, a chunked body is refused the moment it passes the limit (nothing is buffered here), at
// most MAX_LARGE_BODIES large bodies are received at once (503 + Retry-After), and a body that
// stalls for BODY_IDLE_MS gets 408. A refused body is drained, not read, for LINGER_MS: closing at
// once would make the kernel reset the connection and the client lose the answer.

/** Per-connection headers (RFC 9110 §7.6.1), which each hop writes for itself. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const LINGER_MS = 5_000;

let largeBodies = 0;
/** Takes one of the large-body places until the answer is done or the connection is gone. */
function takeLargePlace(res: ServerResponse): boolean {
  if (largeBodies >= MAX_LARGE_BODIES) return false;
  largeBodies += 1;
  res.once('close', () => (largeBodies -= 1));
  return true;
}

/** Next's answer headers, as Next spelled them, less the per-connection ones and those in `drop`. */
export function endToEnd(raw: string[], drop: ReadonlySet<string> = HOP_BY_HOP): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!HOP_BY_HOP.has(name) && !drop.has(name)) kept.push(raw[i]!, raw[i + 1]!);
  }
  return kept;
}

/** A refused body, answered in the page's language (`/ar`) or the caller's. */
function bodyRefusal(req: IncomingMessage, res: ServerResponse, status: 413 | 503, code: ErrorCode) {
  const extra: Record<string, string> = status === 503 ? { 'Retry-After': String(LARGE_BODY_RETRY_SECONDS) } : {};
  refuse(req, res, status, code, extra, localeOf(req, (req.url ?? '/').split('?')[0] ?? '/'), (end) => endAfterBody(req, end));
}

function linger(req: IncomingMessage): void {
  const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
  req.once('end', () => clearTimeout(timer));
  req.resume();
}

/** How long a client still sending a refused body may pause before its answer is ended. */
const QUIET_MS = 200;

/**
 * Ends an answer given before its request's body was all read (a refusal, or Next answering
 * early) only once the client has stopped sending: the body has ended, or nothing came for
 * QUIET_MS (a client stops writing when the answer's head arrives), at most half of LINGER_MS.
 * Node closes such a connection as soon as the answer ends; a client still writing then got
 * EPIPE instead of its 413 (measured: 5 of 5 chunked 20 MB posts to /api/register).
 */
export function endAfterBody(req: IncomingMessage, end: () => void): void {
  if (req.complete || req.socket.destroyed) return end();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    clearTimeout(cap);
    req.off('data', wait);
    end();
  };
  const quiet = setTimeout(finish, QUIET_MS).unref();
  const cap = setTimeout(finish, LINGER_MS / 2).unref();
  const wait = () => quiet.refresh();
  req.on('data', wait);
  req.once('end', finish);
  req.once('close', finish);
}

/**
 * Sends `req` to Next through `agent` (at `socketPath`). Resolves with Next's answer, or undefined
 * when this server answered itself (a refused body) or the exchange broke off.
 */
export function toNext(req: IncomingMessage, res: ServerResponse, target: { socketPath: string; agent: http.Agent }, limit: number) {
  const declaredHeader = req.headers['content-length'];
  const declared = declaredHeader === undefined ? undefined : Number(declaredHeader);
  const hasBody = declared === undefined ? req.headers['transfer-encoding'] !== undefined : declared > 0;
  let large = declared !== undefined && declared > LARGE_BODY_BYTES;
  if (hasBody && declared !== undefined && declared > limit) {
    bodyRefusal(req, res, 413, 'payloadTooLarge');
    linger(req);
    return Promise.resolve(undefined);
  }
  if (large && !takeLargePlace(res)) {
    bodyRefusal(req, res, 503, 'busy');
    linger(req);
    return Promise.resolve(undefined);
  }
  stampSocketAddress(req);
  const headers = { ...req.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  if (hasBody && declared === undefined) headers['transfer-encoding'] = 'chunked';
  return new Promise<IncomingMessage | undefined>((resolve) => {
    const out = http.request({ ...target, method: req.method, path: req.url, headers });
    let refused = false;
    out.once('response', (answer) => {
      // Next answered before the body was all here (a route refusing it, say with 413): the rest
      // is read and dropped, as for the server's own refusals, so the client, still sending,
      // reads the answer instead of a broken connection (EPIPE).
      if (hasBody && !req.complete) {
        clearTimeout(idle);
        req.unpipe(counter);
        counter.unpipe(out);
        linger(req);
      }
      resolve(answer);
    });
    out.once('error', () => {
      // Next could not be reached (not a client's doing): try again shortly, never a 5xx page.
      if (!refused && !res.headersSent && !req.socket.destroyed) bodyRefusal(req, res, 503, 'busy');
      resolve(undefined);
    });
    // The client went away before its answer was complete: Next's work for it stops too.
    res.once('close', () => res.writableFinished || out.destroy());
    if (!hasBody) {
      out.end();
      return;
    }
    let bytes = 0;
    const stop = (answer: () => void) => {
      refused = true;
      clearTimeout(idle);
      req.unpipe(counter);
      out.destroy();
      if (!res.headersSent) answer();
      resolve(undefined);
    };
    const idle = setTimeout(
      () =>
        stop(() => {
          res.writeHead(408, { Connection: 'close', 'Content-Length': 0, 'Cache-Control': 'no-store' });
          res.end(() => req.socket.destroy());
        }),
      BODY_IDLE_MS,
    ).unref();
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done: TransformCallback) {
        bytes += chunk.length;
        idle.refresh();
        if (bytes > limit) return stop(() => (bodyRefusal(req, res, 413, 'payloadTooLarge'), linger(req)));
        if (!large && bytes > LARGE_BODY_BYTES && !(large = takeLargePlace(res)))
          return stop(() => (bodyRefusal(req, res, 503, 'busy'), linger(req)));
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

/**
 * Sends the status and these headers (as a flat name/value list), over those set before (the
 * request id, the page policy). Not `writeHead(status, list)`: with headers already set, Node
 * keeps only the last of repeated names, and an action's second `Set-Cookie` was lost.
 */
export function writeHeaders(res: ServerResponse, status: number, raw: string[]): void {
  for (let i = 0; i + 1 < raw.length; i += 2) res.removeHeader(raw[i]!);
  const locations = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    // Next 16 sends a prerendered page's redirect (a project's former slug) with its Location
    // twice; clients join repeated fields ("a, b"), which is no address at all. One is kept.
    if (raw[i]!.toLowerCase() === 'location') {
      if (locations.has(raw[i + 1]!)) continue;
      locations.add(raw[i + 1]!);
    }
    res.appendHeader(raw[i]!, raw[i + 1]!);
  }
  res.writeHead(status);
}

/** Copies Next's answer to the client as it streams. */
export function relay(req: IncomingMessage, res: ServerResponse, upstream: IncomingMessage, status = upstream.statusCode ?? 502): void {
  writeHeaders(res, status, endToEnd(upstream.rawHeaders));
  if (req.complete) return void upstream.pipe(res);
  // Next answered before the body was all here: the end waits until the client stops sending.
  upstream.pipe(res, { end: false });
  upstream.once('end', () => endAfterBody(req, () => res.end()));
}
