import 'server-only';
import { createHash } from 'node:crypto';

// Validators for the settings' files (the portfolio and the icons): one strong ETag from the bytes,
// so a revalidation on any instance and with either store answers 304.

export const etagOf = (data: Buffer) => `"${createHash('sha256').update(data).digest('base64url').slice(0, 27)}"`;

/** If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2); without a date only the ETag counts. */
export function notModified(request: Request, etag: string, modified?: Date): boolean {
  const match = request.headers.get('if-none-match');
  if (match !== null) return match.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim()));
  if (!modified) return false;
  const since = Date.parse(request.headers.get('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** An ASCII file name for Content-Disposition: letters, digits and dashes only ("7stars-event"). */
export function safeFileStem(name: string): string {
  const stem = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return stem || 'company';
}
