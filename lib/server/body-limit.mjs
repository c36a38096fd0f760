// Request body limits in our HTTP server, before Next (or anything else) buffers a byte.
//
// Next enforces `serverActions.bodySizeLimit` on chunked bodies too (measured), but answers a 500
// and logs a stack (a client's mistake must never be a 5xx). Here a declared length over the
// limit gets 413 at once, and a body without one (chunked) is counted as it arrives: past the
// limit the client gets 413 and the connection is closed, so nothing more is read. Generic HTTP
// only: Node's documented `IncomingMessage` server option gives us the request class; its `push`
// is where the parser hands over each body chunk.
//
// `/api` is left to its routes: `readBody` in lib/legacy/http.ts reads the stream with its own
// running count and answers the legacy JSON 413 with CORS. A route that does not read its body
// never buffers it (Node stops reading the socket until someone does).
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { actionBodyLimit } from './upload-limits.mjs';

/**
 * Server actions (every sign-in, sign-up and back-office form): MAX_UPLOAD_BYTES plus the fields
 * (lib/server/upload-limits.mjs). next.config.ts gives Next the same number; counting on arrival,
 * this server's check trips first.
 */
export const ACTION_BODY_LIMIT = actionBodyLimit();

/** @type {Record<string, string> | undefined} */
let messages;
/** The answer's wording, from the one place all wording lives (read once, on the first 413). */
function message(/** @type {'en' | 'ar'} */ locale) {
  messages ??= Object.fromEntries(
    ['en', 'ar'].map((l) => [
      l,
      String(JSON.parse(readFileSync(new URL(`../../messages/${l}.json`, import.meta.url), 'utf8')).errors.payloadTooLarge),
    ]),
  );
  return messages[locale];
}

const GUARD = Symbol('bodyLimit');

/** @typedef {{ limit: number, bytes: number, over: () => void, tripped: boolean }} Guard */

export class LimitedIncomingMessage extends http.IncomingMessage {
  /** @param {any} chunk @param {BufferEncoding} [encoding] */
  push(chunk, encoding) {
    /** @type {Guard | undefined} */
    const guard = /** @type {any} */ (this)[GUARD];
    if (guard && chunk) {
      if (guard.tripped) return true; // dropped: the 413 is on its way and the socket closes after it
      guard.bytes += chunk.length;
      if (guard.bytes > guard.limit) {
        guard.tripped = true;
        guard.over();
        return true;
      }
    }
    return super.push(chunk, encoding);
  }
}

/** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
function tooLarge(req, res) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const locale = /^\/ar(?:[/?]|$)/.test(req.url ?? '') ? 'ar' : 'en';
  const body = JSON.stringify({ message: message(locale) });
  // No `Connection: close`: closing at once, with the client still sending, makes the kernel reset
  // the connection, and a client still writing then loses the 413 it was sent (EPIPE) instead of
  // reading it. So Node drains the rest of the body (LimitedIncomingMessage drops every byte: no
  // memory is used) and the socket closes 5 s after the answer if the body has not ended by then.
  res.writeHead(413, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(body);
  const linger = setTimeout(() => req.socket?.destroy(), LINGER_MS);
  linger.unref();
  req.once('end', () => clearTimeout(linger));
}

/** How long a refused body may keep arriving (and be dropped) after the 413 went out. */
const LINGER_MS = 5_000;

const isApi = (url = '') => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Call first for every request. Returns true when it has answered (413 for a declared length over
 * the limit); otherwise the body is counted as it arrives and answered with 413 past the limit.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {number} [limit]
 */
export function limitBody(req, res, limit = ACTION_BODY_LIMIT) {
  if (isApi(req.url)) return false;
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    tooLarge(req, res);
    return true;
  }
  if (req instanceof LimitedIncomingMessage) {
    /** @type {Guard} */
    const guard = { limit, bytes: 0, tripped: false, over: () => tooLarge(req, res) };
    /** @type {any} */ (req)[GUARD] = guard;
  }
  return false;
}
