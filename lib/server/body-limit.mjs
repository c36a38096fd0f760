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
//
// Bounded under abuse (issue 24): Next buffers a whole action body before it runs the action, so
// 100 clients each sending 11 MB to /SignUp held 1 GB. Three rules here keep that bounded:
// - only the back office takes files: a POST to any other page (sign-in, sign-up, the quote form,
//   a no-JavaScript multipart post to any page) may carry SMALL_BODY_LIMIT, never the upload limit;
// - at most MAX_LARGE_BODIES bodies over LARGE_BODY_BYTES (declared, or counted as they arrive)
//   are received at once, /api included; one more is refused with 503 and Retry-After;
// - a body that sends nothing for BODY_IDLE_MS is dropped (408), and the HTTP server's own
//   timeouts (HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, set in scripts/serve.mjs) end the rest.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { actionBodyLimit } from './upload-limits.mjs';
import { preferredLocale } from './accept-language.mjs';
import { corsHeaders } from './cors.mjs';

/**
 * Server actions of the back office (the only forms with files; other pages take SMALL_BODY_LIMIT):
 * MAX_UPLOAD_BYTES plus the fields
 * (lib/server/upload-limits.mjs). next.config.ts gives Next the same number; counting on arrival,
 * this server's check trips first.
 */
export const ACTION_BODY_LIMIT = actionBodyLimit();

/**
 * What a POST to a page outside the back office may carry. Only the back office takes files; the
 * public forms (sign-in, sign-up, the quote form) hold a few fields, the longest a 5,000-character
 * message (~10 KB in Arabic, 2 bytes a letter, ~30 KB as the no-JavaScript multipart post).
 */
export const SMALL_BODY_LIMIT = 64 * 1024;
/** A body over this many bytes (declared, or counted as it arrives) is a large one. */
export const LARGE_BODY_BYTES = 1024 * 1024;
/**
 * Large bodies received at once by one instance, /api included. Next holds an action's whole
 * body before the action runs, so at most 4 × 12 MiB = 48 MiB at a time; the back office's few
 * editors upload one image at a time (a second on the office's line, minutes on a phone's slow
 * one), so four at once per instance is room to spare.
 */
export const MAX_LARGE_BODIES = 4;
/** Retry-After (seconds) of the 503 for a large body beyond MAX_LARGE_BODIES. */
export const LARGE_BODY_RETRY_SECONDS = 5;

// Timeouts, for the slowest real upload: a phone on a weak 3G uplink (~0.5-1 Mbit/s) sends a
// 10 MB image in 80-160 s and the 12 MiB action limit in at most ~180 s at 0.56 Mbit/s.
/** All of a request's headers must arrive within this (a phone sends them in one packet). */
export const HEADERS_TIMEOUT_MS = 20_000;
/** The whole request, headers and body, must arrive within this (Node's default is 300 s). */
export const REQUEST_TIMEOUT_MS = 180_000;
/** A body that sends nothing for this long is dropped (408): a link stalled this long has failed. */
export const BODY_IDLE_MS = 30_000;
/** How often Node checks the two server timeouts above (its default, 30 s, made them ±30 s). */
export const TIMEOUT_CHECK_MS = 2_000;

/** @typedef {'payloadTooLarge' | 'busy'} Refusal */

/** @type {Record<'en' | 'ar', Record<Refusal, string>> | undefined} */
let messages;
/** The answers' wording, from the one place all wording lives (read once, on the first refusal). */
function message(/** @type {'en' | 'ar'} */ locale, /** @type {Refusal} */ code) {
  messages ??= /** @type {Record<'en' | 'ar', Record<Refusal, string>>} */ (
    Object.fromEntries(
      ['en', 'ar'].map((l) => {
        const errors = JSON.parse(readFileSync(new URL(`../../messages/${l}.json`, import.meta.url), 'utf8')).errors;
        return [l, { payloadTooLarge: String(errors.payloadTooLarge), busy: String(errors.busy) }];
      }),
    )
  );
  return messages[locale][code];
}

const GUARD = Symbol('bodyLimit');

/**
 * @typedef {object} Guard
 * @property {number} limit
 * @property {number} bytes
 * @property {boolean} tripped the answer is given: every further byte is dropped
 * @property {boolean} large it holds one of the MAX_LARGE_BODIES places
 * @property {() => boolean} takeLargePlace
 * @property {(status: 413 | 503) => void} refuse
 * @property {NodeJS.Timeout | undefined} idle
 * @property {() => void} done the body has ended or the answer is done: the idle timer stops
 */

export class LimitedIncomingMessage extends http.IncomingMessage {
  /** @param {any} chunk @param {BufferEncoding} [encoding] */
  push(chunk, encoding) {
    /** @type {Guard | undefined} */
    const guard = /** @type {any} */ (this)[GUARD];
    if (guard && chunk) {
      if (guard.tripped) return true; // dropped: the answer is on its way and the socket closes after it
      guard.bytes += chunk.length;
      guard.idle?.refresh();
      if (guard.bytes > guard.limit) {
        guard.refuse(413);
        return true;
      }
      if (!guard.large && guard.bytes > LARGE_BODY_BYTES) {
        guard.large = guard.takeLargePlace();
        if (!guard.large) {
          guard.refuse(503);
          return true;
        }
      }
    }
    return super.push(chunk, encoding);
  }
}

/** Large bodies being received now (MAX_LARGE_BODIES at most). */
let largeBodies = 0;

/**
 * Takes one of the large-body places until the answer is done or the connection is gone.
 * @param {http.ServerResponse} res
 */
function takeLargePlace(res) {
  if (largeBodies >= MAX_LARGE_BODIES) return false;
  largeBodies += 1;
  // 'close' comes once for every response: after it was sent, or when the connection ended first.
  res.once('close', () => (largeBodies -= 1));
  return true;
}

/** The language of a refusal: the page's (/ar), or the caller's preference on /api. @param {http.IncomingMessage} req */
function localeOf(req) {
  const url = req.url ?? '';
  if (/^\/ar(?:[/?]|$)/.test(url)) return 'ar';
  return isApi(url) ? preferredLocale(req.headers['accept-language']) : 'en';
}

/**
 * 413 (over the limit) or 503 (no large-body place free), then the rest of the body is dropped.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {413 | 503} status
 */
function refuse(req, res, status) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const text = message(localeOf(req), status === 413 ? 'payloadTooLarge' : 'busy');
  const common = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  if (status === 413) {
    const body = JSON.stringify({ message: text });
    res.writeHead(413, { ...common, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  } else if (isApi(req.url)) {
    // The legacy API's own shape: JSON `{message}` with its CORS headers, like its other refusals.
    const body = JSON.stringify({ message: text });
    res.writeHead(503, {
      ...corsHeaders(req.headers.origin),
      ...common,
      'Retry-After': String(LARGE_BODY_RETRY_SECONDS),
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  } else {
    res.writeHead(503, {
      ...common,
      'Retry-After': String(LARGE_BODY_RETRY_SECONDS),
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    });
    res.end(text);
  }
  // No `Connection: close`: closing at once, with the client still sending, makes the kernel reset
  // the connection, and a client still writing then loses the answer it was sent (EPIPE) instead of
  // reading it. So Node drains the rest of the body (LimitedIncomingMessage drops every byte: no
  // memory is used) and the socket closes 5 s after the answer if the body has not ended by then.
  const linger = setTimeout(() => req.socket?.destroy(), LINGER_MS);
  linger.unref();
  req.once('end', () => clearTimeout(linger));
}

/**
 * A body that has sent nothing for BODY_IDLE_MS: 408 (what Node answers at its own timeouts),
 * and the connection closes.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res
 */
function idleOut(req, res) {
  if (req.complete) return;
  const socket = req.socket;
  if (res.headersSent) {
    socket?.destroy();
    return;
  }
  res.writeHead(408, { Connection: 'close', 'Content-Length': 0, 'Cache-Control': 'no-store' });
  res.end(() => socket?.destroy());
}

/** How long a refused body may keep arriving (and be dropped) after the refusal went out. */
const LINGER_MS = 5_000;

const isApi = (url = '') => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The back office (either language, any letter case, as next.config.ts rewrites it): the one place files are posted. */
const BACK_OFFICE = /^\/(?:(?:en|ar)\/)?admin(?:[/?]|$)/i;

/**
 * What a POST to this page may carry: the action limit in the back office, SMALL_BODY_LIMIT elsewhere.
 * @param {string} url
 */
export function pageBodyLimit(url) {
  return BACK_OFFICE.test(url) ? ACTION_BODY_LIMIT : SMALL_BODY_LIMIT;
}

/**
 * Call first for every request. Returns true when it has answered (413 for a declared length over
 * the limit, 503 for a large one with no place free); otherwise the body is counted as it arrives
 * and answered with 413 past the limit, 503 past LARGE_BODY_BYTES with no place free, or 408 when
 * it stalls. `/api` bodies count towards the large-body places; their limits are their routes'.
 * @param {http.IncomingMessage} req @param {http.ServerResponse} res @param {number} [limit] instead of pageBodyLimit
 */
export function limitBody(req, res, limit) {
  const declaredHeader = req.headers['content-length'];
  const declared = declaredHeader === undefined ? undefined : Number(declaredHeader);
  // No body (most requests): nothing to count.
  if (declared === undefined ? req.headers['transfer-encoding'] === undefined : !(declared > 0)) return false;
  const api = isApi(req.url);
  const max = api ? Infinity : (limit ?? pageBodyLimit(req.url ?? ''));
  if (declared !== undefined && declared > max) {
    refuse(req, res, 413);
    return true;
  }
  const large = declared !== undefined && declared > LARGE_BODY_BYTES;
  if (large && !takeLargePlace(res)) {
    refuse(req, res, 503);
    return true;
  }
  if (req instanceof LimitedIncomingMessage) {
    /** @type {Guard} */
    const guard = {
      limit: max,
      bytes: 0,
      tripped: false,
      large,
      takeLargePlace: () => takeLargePlace(res),
      refuse(status) {
        guard.tripped = true;
        guard.done();
        refuse(req, res, status);
      },
      idle: setTimeout(() => idleOut(req, res), BODY_IDLE_MS).unref(),
      done() {
        clearTimeout(guard.idle);
        guard.idle = undefined;
      },
    };
    req.once('end', guard.done);
    res.once('close', guard.done);
    /** @type {any} */ (req)[GUARD] = guard;
  }
  return false;
}
