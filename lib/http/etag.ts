// The one If-None-Match comparison, for the file routes (lib/http/file-answers.ts) and the HTTP
// server's page copies (server/page-cache.ts). No `server-only` here: the server loads it outside
// Next.

/** Whether an If-None-Match header names this ETag (weakly compared, as for GET) or `*`. */
export const etagMatches = (header: string | null | undefined, etag: string): boolean =>
  header?.split(',').some((tag) => [etag, `W/${etag}`, '*'].includes(tag.trim())) ?? false;
