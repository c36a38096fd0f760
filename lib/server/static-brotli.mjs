// Brotli for the build's scripts and stylesheets, used by the HTTP server (scripts/serve.mjs).
//
// Next compresses its static files with gzip on every request. The build writes a brotli copy of
// each script and stylesheet (`precompressStatic` in scripts/lib/build.ts), ~15 % smaller: React
// and the router alone are ~23 KB fewer on a first visit. Next still answers each file first; its
// headers are kept, and later requests from browsers that take brotli get the same headers with
// the brotli body. Conditional and range requests always go to Next.
//
// Plain JavaScript for the reason given in scripts/serve.mjs.

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { accepts, sentHeaders } from './http-cache.mjs';

/**
 * @typedef {import('node:http').IncomingMessage} IncomingMessage
 * @typedef {import('node:http').ServerResponse} ServerResponse
 */

const PREFIX = '/_next/static/';
const PASS_THROUGH_HEADERS = ['range', 'if-none-match', 'if-modified-since', 'if-range'];

/**
 * Reads the build's brotli copies and returns the request hook.
 * @param {string} distDir
 */
export function staticBrotli(distDir) {
  /** @type {Map<string, Buffer>} URL path -> brotli body */
  const bodies = new Map();
  const root = path.join(distDir, 'static');
  /** @type {string[]} */
  let files = [];
  try {
    files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    // No build output: every request goes to Next.
  }
  for (const file of files) {
    if (file.endsWith('.br')) bodies.set(PREFIX + file.slice(0, -3).split(path.sep).join('/'), readFileSync(path.join(root, file)));
  }
  /** @type {Map<string, (string | string[])[]>} URL path -> Next's headers for it */
  const kept = new Map();

  /**
   * Answers the request with a brotli copy and returns true, or returns null when Next must answer
   * (and then `keep(res)` should be called with Next's response, to learn its headers).
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @returns {{ keep: () => void } | true | null}
   */
  return function serve(req, res) {
    const url = req.url ?? '';
    if (!url.startsWith(PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD')) return null;
    const pathname = url.split('?')[0] ?? url;
    const body = bodies.get(pathname);
    if (!body || !accepts(req.headers['accept-encoding'], 'br')) return null;
    if (PASS_THROUGH_HEADERS.some((name) => req.headers[name] !== undefined)) return null;
    const headers = kept.get(pathname);
    if (headers) {
      res.writeHead(200, [...headers, 'Content-Encoding', 'br', 'Content-Length', String(body.byteLength)]);
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    }
    return {
      keep() {
        res.once('finish', () => {
          if (res.statusCode !== 200) return;
          // Next's encoding and byte ranges describe its own body, not the brotli one.
          const headers = sentHeaders(res, ['content-encoding', 'accept-ranges']);
          // Next's gzip answer says Vary: Accept-Encoding; the brotli one must, whatever Next sent.
          const vary = headers.findIndex((value, i) => i % 2 === 0 && String(value).toLowerCase() === 'vary');
          if (vary === -1) headers.push('Vary', 'Accept-Encoding');
          else if (!/accept-encoding/i.test(String(headers[vary + 1]))) headers[vary + 1] = `${headers[vary + 1]}, Accept-Encoding`;
          kept.set(pathname, headers);
        });
      },
    };
  };
}
