import 'server-only';
import { createHash } from 'node:crypto';
import { etagMatches } from './etag';

// What the routes that send files share (uploaded images, the site's icons, the portfolio): one
// strong ETag from the bytes, the conditional-request check, and the plain-text refusals.

/**
 * A hash of the bytes served: the same on every instance and with either store (a bucket's own
 * ETag differs between stores and for multipart uploads), so a revalidation anywhere is a 304.
 */
export const etagOf = (data: Buffer) => `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;

/** If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2); without a date only the ETag counts. */
export function notModified(request: Request, etag: string, modified?: Date): boolean {
  const match = request.headers.get('if-none-match');
  if (match !== null) return etagMatches(match, etag);
  if (!modified) return false;
  const since = Date.parse(request.headers.get('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** A short plain-text answer (a 404 or 503 of a file route), never sniffed as anything else. */
export const plainText = (status: number, body: string, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...extra } });
